"""Intake: the purchasing office's document inbox."""
