import { describe, expect, it } from "vitest";
import { deriveInputs, topLevelClasses, type TestScenario } from "./derive-inputs.js";
import { renderLiteral } from "./literal-value.js";
import { testScenarios } from "./test-scenarios.js";

const CART = `from attrs import define, field


@define
class Line:
    sku: str
    qty: int


@define
class Cart:
    lines: list = field(factory=list)

    def add(self, sku, qty=1):
        self.lines.append(Line(sku, qty))


def helper():
    pass
`;

const CART_TESTS = `import pytest

from cart import Cart


def test_empty_cart_costs_nothing():
    assert Cart().total() == 0


def test_same_item_twice():
    cart = Cart()
    cart.add("apple", 2)
    cart.add("apple", qty=3)
    assert len(cart) == 1
    assert cart.lines[0].qty == 5
    assert cart.quantity("apple") == 5


def test_stops_at_what_it_cannot_replay():
    cart = Cart()
    cart.add("pear")
    for sku in ["a", "b"]:
        cart.add(sku)
    cart.add("fig")


def test_stops_where_the_test_changes_the_object():
    cart = Cart()
    cart.add("pear", 1)
    cart.lines.append(None)
    cart.add("fig", 2)


def test_stops_where_the_object_goes_to_a_helper():
    cart = Cart()
    cart.add("pear", 1)
    fill(cart)
    cart.add("fig", 2)


class TestCart:
    def test_raises(self):
        cart = Cart()
        with pytest.raises(ValueError):
            cart.add("pear", -1)


def helper_builds():
    return Cart()
`;

/** A scenario as text: the class and its arguments, then each method and its arguments. */
function summary(scenario: TestScenario): string {
  const args = (values: TestScenario["args"], kwargs: TestScenario["kwargs"]) =>
    [...values.map((value) => renderLiteral(value, "python")), ...kwargs.map(([key, value]) => `${key}=${renderLiteral(value, "python")}`)].join(", ");
  return [`${scenario.name}(${args(scenario.args, scenario.kwargs)})`, ...scenario.steps.map((step) => `.${step.method}(${args(step.args, step.kwargs)})`)].join("");
}

describe("topLevelClasses", () => {
  it("names a Python module's classes, decorated ones included", async () => {
    expect(await topLevelClasses("python", CART)).toEqual(["Line", "Cart"]);
  });

  it("names a JavaScript module's classes, exported or not, class expressions included", async () => {
    const code = "export class Account {}\nclass Ledger { add() {} }\nconst Queue = class {};\nexport function f() {}\n";
    expect(await topLevelClasses("javascript", code)).toEqual(["Account", "Ledger", "Queue"]);
  });
});

describe("testScenarios", () => {
  it("replays a pytest test's object: built, then its methods called with literals in the order written, until the test does what cannot be replayed", async () => {
    const scenarios = await testScenarios("python", [{ path: "test_cart.py", content: CART_TESTS }], ["Cart", "Line"]);
    expect(scenarios.map((scenario) => [scenario.test?.exact, summary(scenario)])).toEqual([
      ["test_cart.py::test_empty_cart_costs_nothing", "Cart().total()"],
      // `len(cart)` and `cart.lines[0].qty` only read the object.
      ["test_cart.py::test_same_item_twice", 'Cart().add("apple", 2).add("apple", qty=3).quantity("apple")'],
      // A call in a loop, a list of the object's changed in place, the object given to a helper.
      ["test_cart.py::test_stops_at_what_it_cannot_replay", 'Cart().add("pear")'],
      ["test_cart.py::test_stops_where_the_test_changes_the_object", 'Cart().add("pear", 1)'],
      ["test_cart.py::test_stops_where_the_object_goes_to_a_helper", 'Cart().add("pear", 1)'],
      ["test_cart.py::TestCart::test_raises", 'Cart().add("pear", -1)'],
      // helper_builds is no test.
    ]);
    // The object lives across the test's asserts: the scenario belongs to the whole test.
    expect(scenarios[1].test).toEqual({ exact: "test_cart.py::test_same_item_twice", prefixes: ["test_cart.py::test_same_item_twice["] });
  });

  it("replays a node:test test's object built with new, a call inside assert.throws included", async () => {
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { Account } from "./account.js";

test("withdraw takes from the balance", () => {
  const acct = new Account("ann", 100);
  assert.equal(acct.withdraw(30), 70);
  assert.throws(() => acct.withdraw(500), RangeError);
  assert.deepEqual(acct.history, [30]);
  acct.balance = 0;
  acct.deposit(5);
});

test("an empty account", () => assert.equal(new Account("bob").balance, 0));
test("computed", () => {
  const acct = new Account("ann", 10 * 10);
  acct.withdraw(1);
});
`;
    const scenarios = await testScenarios("javascript", [{ path: "account.test.js", content: tests }], ["Account"]);
    expect(scenarios.map((scenario) => [scenario.test?.exact, scenario.args.length, scenario.steps.map((step) => `${step.method}(${step.args.map((arg) => renderLiteral(arg, "javascript")).join(", ")})`)])).toEqual([
      ["account.test.js::withdraw takes from the balance", 2, ["withdraw(30)", "withdraw(500)"]],
      ["account.test.js::an empty account", 1, []],
    ]);
  });
});

describe("deriveInputs on object scenarios", () => {
  it("runs a passing test's scenario and its neighbours (one argument of one call changed), none of a failing test's", async () => {
    const tests = `from cart import Cart


def test_two_items():
    cart = Cart()
    cart.add("apple", 3)
    cart.add("pear", 2)
    assert cart.total() == 5


def test_same_item_twice():
    cart = Cart()
    cart.add("apple", 3)
    cart.add("apple", 2)
    assert cart.quantity("apple") == 5
`;
    const scenarios = await testScenarios("python", [{ path: "test_cart.py", content: tests }], ["Cart"]);
    const inputs = deriveInputs(scenarios, ["test_cart.py::test_same_item_twice"], ["test_cart.py::test_two_items"], "python");
    const steps = (input: (typeof inputs)[number]) => (input.kind === "object" ? input.steps.map((step) => step.args).join(" ") : "");
    expect(inputs.every((input) => input.kind === "object" && input.name === "Cart" && input.args === "([], {})")).toBe(true);
    expect(inputs.map(steps)).toEqual([
      '(["apple", 3], {}) (["pear", 2], {}) ([], {})',
      '(["", 3], {}) (["pear", 2], {}) ([], {})',
      '(["a", 3], {}) (["pear", 2], {}) ([], {})',
      '(["apple", 2], {}) (["pear", 2], {}) ([], {})',
      '(["apple", 4], {}) (["pear", 2], {}) ([], {})',
      '(["apple", 3], {}) (["", 2], {}) ([], {})',
      '(["apple", 3], {}) (["p", 2], {}) ([], {})',
      '(["apple", 3], {}) (["pear", 1], {}) ([], {})',
      '(["apple", 3], {}) (["pear", 3], {}) ([], {})',
    ]);
  });
});
