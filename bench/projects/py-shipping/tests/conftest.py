import pytest


@pytest.fixture(params=[(0.5, 4), (1, 4), (5, 9), (12, 15), (20, 15), (21, 40)])
def parcel(request):
    return request.param
