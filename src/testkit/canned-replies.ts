import { fenced, truncatedReply } from "./replies.js";

const MEDIAN_PY_RIGHT = `def median(values):
    """Return the median of a non-empty list of numbers."""
    if not values:
        raise ValueError("median() of an empty list")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2
`;

/** Forgets to average the two middle values on even-length input (a classic off-by-one). */
const MEDIAN_PY_WRONG = `def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]
`;

const MEDIAN_PY_TESTS = `from median import median


def test_odd():
    assert median([3, 1, 2]) == 2


def test_even():
    assert median([4, 1, 3, 2]) == 2.5
`;

const MEDIAN_JS_RIGHT = `export function median(values) {
  if (values.length === 0) throw new RangeError("median() of an empty list");
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
}
`;

/** Sorts as strings (JavaScript's default sort), so [10, 9, 8] goes wrong. */
const MEDIAN_JS_WRONG = `export function median(values) {
  const ordered = [...values].sort();
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
}
`;

/**
 * Realistic model replies for a small task (`median`), in Python and JavaScript: right and
 * wrong code in markdown fences with prose around, code followed by its tests, a reply with
 * no fence, and one cut off by the token limit. `code` holds the bare programs.
 */
export const cannedReplies = {
  python: {
    code: { right: MEDIAN_PY_RIGHT, wrong: MEDIAN_PY_WRONG, tests: MEDIAN_PY_TESTS },
    right: fenced(MEDIAN_PY_RIGHT, "python", { prose: true }),
    wrong: fenced(MEDIAN_PY_WRONG, "python", {
      prose: {
        before: "You can compute the median by sorting the list and taking the middle element:",
        after: "This runs in O(n log n) time because of the sort.",
      },
    }),
    withTests: [
      "Here is `median.py`:",
      fenced(MEDIAN_PY_RIGHT, "python"),
      "And some tests you can run with `pytest`:",
      fenced(MEDIAN_PY_TESTS, "python"),
      "Run them with:",
      fenced("pip install pytest\npytest -q", "bash"),
    ].join("\n\n"),
    noFence: `Sure, here is a corrected version.\n\n${MEDIAN_PY_RIGHT}\nThis version averages the two middle values when the list has even length.`,
    truncated: truncatedReply(MEDIAN_PY_RIGHT, "python"),
  },
  javascript: {
    code: { right: MEDIAN_JS_RIGHT, wrong: MEDIAN_JS_WRONG },
    right: fenced(MEDIAN_JS_RIGHT, "javascript", { prose: true }),
    wrong: fenced(MEDIAN_JS_WRONG, "js", {
      prose: { before: "Sort a copy and take the middle:", after: "Note that the input array is not mutated." },
    }),
    noFence: `Sure, here is a corrected version.\n\n${MEDIAN_JS_RIGHT}\nSorting with a numeric comparator avoids JavaScript's default string ordering.`,
    truncated: truncatedReply(MEDIAN_JS_RIGHT, "javascript"),
  },
} as const;
