import pytest
from wrap import wrap

TEXT = "The leaves did not stir on the trees, grasshoppers chirruped, and the monotonous hollow sound of the sea rising up from below, spoke of the peace, of the eternal sleep awaiting us."


@pytest.mark.parametrize("cols, expected", [
    (50, ["The leaves did not stir on the trees, grasshoppers", " chirruped, and the monotonous hollow sound of the", " sea rising up from below, spoke of the peace, of", " the eternal sleep awaiting us."]),
    (20, ["The leaves did not", " stir on the trees,", " grasshoppers", " chirruped, and the", " monotonous hollow", " sound of the sea", " rising up from", " below, spoke of the", " peace, of the", " eternal sleep", " awaiting us."]),
    (80, ["The leaves did not stir on the trees, grasshoppers chirruped, and the monotonous", " hollow sound of the sea rising up from below, spoke of the peace, of the", " eternal sleep awaiting us."]),
    (200, [TEXT]),
])
def test_wrap(cols, expected):
    assert wrap(TEXT, cols) == expected


def test_long_word():
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
