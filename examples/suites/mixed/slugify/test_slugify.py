from slugify import slugify


def test_words():
    assert slugify("Hello World") == "hello-world"


def test_punctuation_runs():
    assert slugify("  Fix: the -- bug!  ") == "fix-the-bug"


def test_digits_kept():
    assert slugify("Python 3.12 release") == "python-3-12-release"
