from tasks import is_done


def test_done():
    assert is_done("".join(["do", "ne"]))
