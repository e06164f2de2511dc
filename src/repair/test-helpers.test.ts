import { describe, expect, it } from "vitest";
import { trustedHelperLines } from "./test-helpers.js";
import { parseSource } from "./syntax-tree.js";

const PROGRAM = [
  "import base64",
  "",
  "",
  "def encode(text):",
  "    return base64.b64encode(text.encode()).decode()",
  "",
  "",
  "def decode(token):",
  "    return encode(token)",
  "",
  "",
  "def checksum(text):",
  "    return sum(map(ord, text)) % 256",
  "",
].join("\n");

const TESTS = [
  "from codec import decode, encode, checksum",
  "",
  "",
  "def test_decode():",
  "    for word in ['', 'abc', 'hello world']:",
  "        assert decode(encode(word)) == word",
  "",
  "",
  "def test_checksum_of_empty_text():",
  "    assert checksum('') == 0",
  "",
].join("\n");

async function trusted(failing: string[], tests = TESTS): Promise<number[]> {
  const tree = await parseSource("python", PROGRAM);
  try {
    return [...trustedHelperLines(tree, [{ path: "test_codec.py", content: tests }], failing)].sort((a, b) => a - b);
  } finally {
    tree.delete();
  }
}

describe("trustedHelperLines", () => {
  it("trusts the encoder a failing decoder test calls itself to build its input", async () => {
    expect(await trusted(["test_codec.py::test_decode::assert@line 6"])).toEqual([4, 5]);
    // Through a checking function of the test file, as HumanEval's tests call `check(candidate)`.
    const viaCheck = "from codec import decode, encode\n\n\ndef check(fn):\n    assert fn(encode('a')) == 'a'\n\n\ndef test_decode():\n    check(decode)\n";
    expect(await trusted(["test_codec.py::test_decode"], viaCheck)).toEqual([4, 5]);
  });

  it("never trusts a function a failing test is named for, even when another test calls it", async () => {
    // The encoder has a failing test of its own: it is under test too.
    const both = "from codec import decode, encode\n\n\ndef test_decode():\n    assert decode(encode('a')) == 'a'\n\n\ndef test_encode_round_trip():\n    assert decode(encode('b')) == 'b'\n";
    expect(await trusted(["test_codec.py::test_decode", "test_codec.py::test_encode_round_trip[abc]"], both)).toEqual([]);
    const inClass = "from codec import decode, encode\n\n\nclass TestCodec:\n    def test_encode(self):\n        assert decode(encode('a')) == 'a'\n";
    expect(await trusted(["test_codec.py::TestCodec::test_encode"], inClass)).toEqual([8, 9]);
  });

  it("trusts nothing when no failing test is named for a function of the program", async () => {
    expect(await trusted(["test_codec.py::test_round_trip"])).toEqual([]);
  });

  it("counts calls only, not imports or a function passed as a value", async () => {
    const tests = "from codec import decode, encode\n\n\ndef test_decode():\n    assert list(map(decode, [encode])) != []\n";
    expect(await trusted(["test_codec.py::test_decode"], tests)).toEqual([]);
  });
});
