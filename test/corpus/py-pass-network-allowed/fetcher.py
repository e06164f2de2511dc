from urllib.parse import urljoin
from urllib.request import urlopen


def page_url(base, path):
    return urljoin(base, path)


def fetch(url):
    with urlopen(url) as response:
        return response.read()
