import pytest

from search.index import Index


@pytest.fixture
def index():
    return Index(["pear", "apple", "fig", "kiwi", "plum"])
