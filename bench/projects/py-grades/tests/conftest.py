import pytest


@pytest.fixture
def scores():
    return {"ana": 90, "bo": 85, "cy": 70, "di": 59, "ed": 60}
