from search.binary import find


class Index:
    def __init__(self, words):
        self.words = sorted(words)

    def contains(self, word):
        return find(self.words, word) != -1
