import pytest


def pytest_addoption(parser):
    parser.addoption("--correct", action="store_true")


def pytest_configure(config):
    pytest.use_correct = config.getoption("correct")
