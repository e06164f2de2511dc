def badge(name: str, level: int) -> str:
    return f"{name} (level {level})"


def default_badge() -> str:
    return badge(42, "Ada")
