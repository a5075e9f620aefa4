"""`make bench`: Intake's five speed figures, measured side by side in one run.

1. raw extraction of the text-PDF fixtures in a plain loop (the limit);
2. 500 uploads over the HTTP API to a real `intake serve` with the default
   worker settings: first upload to last batch processed, and the ratio to (1);
3. upload-to-imported latency of a one-page text PDF on an idle system;
4. 200 clients polling the status API every 2 s for 60 s;
5. the web process's peak RSS while 10 clients upload 20 MB files at once.

The table is printed and written to docs/benchmarks.md. Benchmarks print
figures; they assert nothing (tests never time anything).
"""
