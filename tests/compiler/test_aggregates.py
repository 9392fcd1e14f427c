"""Aggregates: `count(each ...: value)` is refused (the value would be ignored)."""

from tests.wbkit import diags_of, only


def test_count_with_a_value_is_an_error(tmp_path):
    diags = diags_of(tmp_path, """
        counter n = 0
        procedure p() { set n = count(each x in [1, 2, 3]: x * 2) }
        game { players 2..2 play { p() end_game() } }
    """)
    errs = only(diags, "E404")
    assert errs and "count" in errs[0].message and "sum" in (errs[0].hint or "")


def test_count_and_sum_without_misuse_compile(tmp_path):
    diags = diags_of(tmp_path, """
        counter n = 0
        procedure p() {
          set n = count(each x in [1, 2, 3] where x > 1)
          set n = sum(each x in [1, 2, 3]: x * 2)
        }
        game { players 2..2 play { p() end_game() } }
    """)
    assert [d for d in diags if d.severity == "error"] == []
