/** A stand-in for the program that does nothing useful: every test worth keeping fails on it. */
export interface StubProgram {
  /** What it does, for the reason a test is dropped: "returns None", "raises". */
  does: string;
  code: string;
}

/**
 * Two Python stand-ins for the program under test: one whose functions return None, one whose
 * functions raise. A module-level `__getattr__` answers any name a test imports, so a test
 * runs against the stub whatever the requirement calls its functions (classes give None, or
 * raise, on construction). A test that passes on either checks nothing the requirement asks.
 */
export function pythonStubPrograms(): StubProgram[] {
  const stub = (body: string) =>
    [
      "def __getattr__(name):",
      '    if name.startswith("__"):',
      "        raise AttributeError(name)",
      "",
      "    def stub(*args, **kwargs):",
      `        ${body}`,
      "",
      "    return stub",
      "",
    ].join("\n");
  return [
    { does: "returns None", code: stub("return None") },
    { does: "raises", code: stub("raise NotImplementedError(name)") },
  ];
}
