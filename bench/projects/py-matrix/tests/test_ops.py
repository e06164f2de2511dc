import json
import pathlib

import pytest

from matrix.ops import transpose

CASES = json.loads((pathlib.Path(__file__).parent / "data" / "cases.json").read_text())


@pytest.mark.parametrize("matrix,expected", CASES)
def test_transpose(matrix, expected):
    assert transpose(matrix) == expected
