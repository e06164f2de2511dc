from calendar_tools.leap import is_leap


def days_in_year(year):
    return 366 if is_leap(year) else 365
