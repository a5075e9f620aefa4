"""Record ids: the format, and the runs of ids an import gives its rows."""

from collections import Counter

from app import ids


def test_a_new_id_is_fifteen_letters_and_digits_each_equally_likely():
    made = [ids.new_id() for _ in range(15000)]
    assert all(ids.is_valid(made_id) for made_id in made)
    assert len(set(made)) == len(made)
    seen = Counter("".join(made))
    assert set(seen) == set(ids.ALPHABET)
    # 225,000 characters over 36: 6,250 each, give or take 78. Bytes taken modulo 36
    # without dropping the last four would give a to d about 7,030: far outside.
    assert min(seen.values()) > 5860 and max(seen.values()) < 6640


def test_a_run_of_ids_sorts_in_the_order_it_was_made():
    run = ids.run_of_ids(5000)
    assert all(ids.is_valid(run_id) for run_id in run)
    assert run == sorted(run) and len(set(run)) == 5000
    assert len({run_id[:9] for run_id in run}) == 1
    assert ids.run_of_ids(3)[0][:9] != run[0][:9]
