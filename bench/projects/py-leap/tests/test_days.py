import pytest

from calendar_tools.days import days_in_year


@pytest.mark.parametrize("year,days", [(2024, 366), (1900, 365), (2000, 366), (2023, 365)])
def test_days(year, days):
    assert days_in_year(year) == days
