import json

import pytest


@pytest.fixture
def items():
    with open("data/items.json") as handle:
        return json.load(handle)
