import assert from "node:assert/strict";
import { test } from "node:test";
import { Parcel, billableKg, cheapestWithin, quote } from "../src/shipping.js";

const box = (grams, sides = [30, 20, 10]) => new Parcel({ grams, lengthCm: sides[0], widthCm: sides[1], heightCm: sides[2] });

test("a started kilogram is billed as a whole one", () => {
  assert.equal(billableKg(box(2100)), 3);
  assert.equal(billableKg(box(3000)), 3);
});

test("a light parcel is billed at least one kilogram", () => {
  assert.equal(billableKg(box(200, [20, 15, 5])), 1);
});

test("a bulky parcel is billed by its volumetric weight", () => {
  assert.equal(billableKg(box(1000, [60, 50, 40])), 24);
});

test("a domestic standard quote adds the fuel surcharge", () => {
  const result = quote(box(2500), { country: "DE" });
  assert.equal(result.billableKg, 3);
  assert.equal(result.transportCents, 810);
  assert.equal(result.totalCents, 875);
});

test("express to the EU arrives sooner and costs more", () => {
  const standard = quote(box(1000), { country: "FR" });
  const express = quote(box(1000), { country: "FR" }, "express");
  assert.ok(express.days < standard.days);
  assert.ok(express.totalCents > standard.totalCents);
});

test("the cheapest service within a week to Switzerland", () => {
  const result = cheapestWithin(box(4000), { country: "CH" }, 7);
  assert.equal(result.service, "standard");
});
