from query import query


def test_query():
    assert query({"b": 2, "a": 1}) == "?a=1&b=2"
