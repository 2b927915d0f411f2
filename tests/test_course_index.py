"""The course index (``core.course_index``): the picker's "learned 5/14" comes from it
without reading a course, and it is never trusted beyond the text it was made from."""

from __future__ import annotations

import json

import pytest

from ogames.core import course_index, lessons
from ogames.core.course_index import course_counts, digest, index_path, lesson_ids
from ogames.core.lessons import course_text, load_course
from ogames.core.progress import mark_done
from ogames.core.registry import available_ids, get_rules

COURSES = [gid for gid in available_ids() if load_course(get_rules(gid)) is not None]


def reading_forbidden(monkeypatch) -> None:
    def read(*_args):
        raise AssertionError("a course was read")

    monkeypatch.setattr(lessons, "_load_course", read)
    lessons._COURSES.clear()  # the memo of courses read in this process


@pytest.mark.parametrize("game_id", COURSES)
def test_the_index_gives_the_ids_of_the_course_as_read(game_id, private_data_dir, monkeypatch):
    rules = get_rules(game_id)
    ids = load_course(rules).ids
    assert ids and lesson_ids(rules) == ids  # read, and kept in the index
    reading_forbidden(monkeypatch)
    assert lesson_ids(rules) == ids


def test_counts_come_from_the_index_once_it_holds_the_course(private_data_dir, monkeypatch):
    rules = get_rules("ordo")
    ids = load_course(rules).ids
    mark_done("ordo", ids[0])
    mark_done("ordo", ids[2])
    assert course_counts(rules) == (2, len(ids))
    reading_forbidden(monkeypatch)
    assert course_counts(rules) == (2, len(ids))


def test_an_entry_made_from_another_text_is_not_trusted(private_data_dir):
    rules = get_rules("ordo")
    index_path().parent.mkdir(parents=True, exist_ok=True)
    index_path().write_text(json.dumps({"ordo": {"digest": digest("an older course"),
                                                 "ids": ["gone"]}}))
    assert lesson_ids(rules) == load_course(rules).ids
    entry = json.loads(index_path().read_text())["ordo"]
    assert entry == {"digest": digest(course_text(rules)), "ids": list(load_course(rules).ids)}


@pytest.mark.parametrize("damage", ["", "not json", "[1, 2]", '{"ordo": 3}',
                                    '{"ordo": {"digest": "x"}}', "\udcff"])
def test_a_damaged_index_is_rebuilt(damage, private_data_dir):
    rules = get_rules("ordo")
    index_path().parent.mkdir(parents=True, exist_ok=True)
    index_path().write_bytes(damage.encode("utf-8", "surrogateescape"))
    assert lesson_ids(rules) == load_course(rules).ids
    assert json.loads(index_path().read_text())["ordo"]["ids"] == list(load_course(rules).ids)


def test_an_unwritable_index_costs_a_reading_and_nothing_else(private_data_dir):
    rules = get_rules("ordo")
    index_path().mkdir(parents=True)  # a folder where the file should be
    assert lesson_ids(rules) == load_course(rules).ids


def test_a_course_that_cannot_be_opened_has_no_counts(private_data_dir, monkeypatch):
    rules = get_rules("ordo")
    monkeypatch.setattr(course_index, "read_course_text", lambda _rules: "not = [valid")
    assert course_counts(rules) is None
    assert json.loads(index_path().read_text())["ordo"]["ids"] is None
    reading_forbidden(monkeypatch)
    assert course_counts(rules) is None  # and the index says so without reading it again


def test_counts_read_from_the_index_import_no_course_reader(private_data_dir):
    """The picker's counts, once indexed, need neither the lessons nor the TOML reader
    (importing them was part of what delayed its first frame)."""
    import subprocess
    import sys

    rules = get_rules("ordo")
    assert course_counts(rules) == (0, len(load_course(rules).ids))  # read, and indexed
    script = (
        "import sys\n"
        "from ogames.core.registry import get_rules\n"
        "from ogames.core.course_index import course_counts\n"
        "print(course_counts(get_rules('ordo')))\n"
        "print(sorted(n for n in sys.modules if n in ('tomllib', 'ogames.core.lessons')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()  # the data folder is inherited
    assert out == [str(course_counts(rules)), "[]"]
