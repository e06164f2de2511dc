import pytest
from sqrt import sqrt


@pytest.mark.parametrize("x, epsilon, expected", [
    (2, 0.01, 1.4166666666666665), (2, 0.5, 1.5), (2, 0.3, 1.5), (4, 0.2, 2), (27, 0.01, 5.196176253962744),
    (33, 0.05, 5.744665154617621), (170, 0.03, 13.038404876679632),
])
def test_sqrt(x, epsilon, expected):
    assert sqrt(x, epsilon) == pytest.approx(expected)
