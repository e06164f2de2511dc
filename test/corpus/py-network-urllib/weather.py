import json
from urllib.request import urlopen


def temperature(city):
    with urlopen(f"https://weather.example/{city}") as response:
        return json.load(response)["temp"]
