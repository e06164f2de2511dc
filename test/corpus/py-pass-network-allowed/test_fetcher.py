from fetcher import page_url


def test_join():
    assert page_url("https://example.org/a/", "b") == "https://example.org/a/b"
