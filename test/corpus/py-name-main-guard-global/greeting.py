def greet(name):
    return GREETING + name


if __name__ == "__main__":
    GREETING = "Hello, "
    print(greet("world"))
