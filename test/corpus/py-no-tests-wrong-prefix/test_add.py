from add import add


def add_works():
    assert add(1, 2) == 3


class AddTests:
    def test_add(self):
        assert add(2, 2) == 4
