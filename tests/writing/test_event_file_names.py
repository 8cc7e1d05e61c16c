"""Event files of one process sort in the order they were made (TensorBoard reads them in name order)."""

from tb_bias_plugin.writing import events


def test_writers_of_one_second_sort_in_order(tmp_path, monkeypatch):
    monkeypatch.setattr(events.time, "time", lambda: 1795694479.5)
    monkeypatch.setattr(events.EventWriter, "_uid", 8)
    paths = [events.EventWriter(tmp_path).path for _ in range(5)]  # the 9th to the 13th writer
    assert sorted(paths) == paths
    assert len(set(paths)) == 5


def test_the_largest_unique_still_sorts_last(monkeypatch):
    monkeypatch.setattr(events.time, "time", lambda: 1795694479.5)
    names = [events.event_file_name(u) for u in (0, 9, 10, 2**63, 2**64 - 1)]
    assert sorted(names) == names
