import pytest


@pytest.fixture
def text():
    with open("tests/sample.txt") as handle:
        return handle.read()
