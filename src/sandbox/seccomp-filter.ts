/*
 * A seccomp filter is a classic-BPF program (struct sock_filter[]) that the kernel runs on
 * every system call. It is written out here by hand: the npm packages that wrap libseccomp
 * are unmaintained native add-ons, and the program needs only a few dozen instructions of
 * five kinds, which a reader can check against <linux/filter.h> and <linux/seccomp.h>.
 * bubblewrap loads the bytes (`--seccomp FD`) just before it executes the program.
 */

/** Architectures whose syscall numbers the filter knows. */
export type SeccompArch = "x86_64" | "aarch64";

export interface SeccompFilterOptions {
  arch: SeccompArch;
  /** Without network, `socket` is refused for every address family but AF_UNIX. */
  allowNetwork: boolean;
}

/** `seccomp_data.arch` values (<linux/audit.h>). */
const AUDIT_ARCH: Record<SeccompArch, number> = { x86_64: 0xc000003e, aarch64: 0xc00000b7 };

/**
 * Calls no test program needs and each of which has been a way into the kernel or out of
 * the sandbox: tracing other processes, kernel modules and kexec, mounts and namespaces,
 * keyrings, eBPF, perf, userfaultfd, io_uring, and the machine's clock, swap, log and power.
 * Numbers from <asm/unistd_64.h> (x86_64) and <asm-generic/unistd.h> (aarch64).
 */
const DENIED: Record<string, Partial<Record<SeccompArch, number>>> = {
  ptrace: { x86_64: 101, aarch64: 117 },
  process_vm_readv: { x86_64: 310, aarch64: 270 },
  process_vm_writev: { x86_64: 311, aarch64: 271 },
  kexec_load: { x86_64: 246, aarch64: 104 },
  kexec_file_load: { x86_64: 320, aarch64: 294 },
  init_module: { x86_64: 175, aarch64: 105 },
  finit_module: { x86_64: 313, aarch64: 273 },
  delete_module: { x86_64: 176, aarch64: 106 },
  mount: { x86_64: 165, aarch64: 40 },
  umount2: { x86_64: 166, aarch64: 39 },
  pivot_root: { x86_64: 155, aarch64: 41 },
  open_tree: { x86_64: 428, aarch64: 428 },
  move_mount: { x86_64: 429, aarch64: 429 },
  fsopen: { x86_64: 430, aarch64: 430 },
  fsconfig: { x86_64: 431, aarch64: 431 },
  fsmount: { x86_64: 432, aarch64: 432 },
  fspick: { x86_64: 433, aarch64: 433 },
  mount_setattr: { x86_64: 442, aarch64: 442 },
  open_tree_attr: { x86_64: 467, aarch64: 467 },
  swapon: { x86_64: 167, aarch64: 224 },
  swapoff: { x86_64: 168, aarch64: 225 },
  reboot: { x86_64: 169, aarch64: 142 },
  unshare: { x86_64: 272, aarch64: 97 },
  setns: { x86_64: 308, aarch64: 268 },
  add_key: { x86_64: 248, aarch64: 217 },
  request_key: { x86_64: 249, aarch64: 218 },
  keyctl: { x86_64: 250, aarch64: 219 },
  bpf: { x86_64: 321, aarch64: 280 },
  perf_event_open: { x86_64: 298, aarch64: 241 },
  userfaultfd: { x86_64: 323, aarch64: 282 },
  io_uring_setup: { x86_64: 425, aarch64: 425 },
  io_uring_enter: { x86_64: 426, aarch64: 426 },
  io_uring_register: { x86_64: 427, aarch64: 427 },
  acct: { x86_64: 163, aarch64: 89 },
  quotactl: { x86_64: 179, aarch64: 60 },
  quotactl_fd: { x86_64: 443, aarch64: 443 },
  lookup_dcookie: { x86_64: 212, aarch64: 18 },
  name_to_handle_at: { x86_64: 303, aarch64: 264 },
  open_by_handle_at: { x86_64: 304, aarch64: 265 },
  syslog: { x86_64: 103, aarch64: 116 },
  settimeofday: { x86_64: 164, aarch64: 170 },
  clock_settime: { x86_64: 227, aarch64: 112 },
  clock_adjtime: { x86_64: 305, aarch64: 266 },
  adjtimex: { x86_64: 159, aarch64: 171 },
  vhangup: { x86_64: 153, aarch64: 58 },
  iopl: { x86_64: 172 },
  ioperm: { x86_64: 173 },
};

/** Calls allowed or refused by their first argument. */
const FILTERED: Record<"clone" | "clone3" | "socket" | "personality", Record<SeccompArch, number>> = {
  clone: { x86_64: 56, aarch64: 220 },
  clone3: { x86_64: 435, aarch64: 435 },
  socket: { x86_64: 41, aarch64: 198 },
  personality: { x86_64: 135, aarch64: 92 },
};

/** The architecture of this Node process, if the filter knows its syscall numbers. */
export function seccompArchOf(nodeArch: string = process.arch): SeccompArch | undefined {
  if (nodeArch === "x64") return "x86_64";
  if (nodeArch === "arm64") return "aarch64";
  return undefined;
}

// <linux/filter.h> opcodes: load a word at an absolute offset, compare-and-jump, return.
const LD_W_ABS = 0x20;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const JMP_JSET_K = 0x45;
const RET_K = 0x06;

// <linux/seccomp.h> verdicts.
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;

// Offsets in struct seccomp_data { int nr; u32 arch; u64 ip; u64 args[6]; }; args[0]'s low
// half comes first on these little-endian machines, and every argument tested is an int.
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

/** Syscall numbers with this bit set belong to the x32 ABI, which shares AUDIT_ARCH_X86_64. */
const X32_SYSCALL_BIT = 0x40000000;
const AF_UNIX = 1;
/** CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET. */
const CLONE_NEW_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;
/** personality(PER_LINUX) sets the default, personality(0xffffffff) only reads the current one. */
const PERSONALITY_ALLOWED = [0, 0xffffffff];

type Label = "allow" | "eperm" | "enosys" | "clone" | "socket" | "personality";
type Target = Label | "next";
type Step =
  | { op: "load"; offset: number }
  | { op: "jeq" | "jge" | "jset"; k: number; then: Target; else: Target }
  | { op: "ret"; k: number }
  | { op: "label"; name: Label };

/**
 * The filter as bytes of struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }, little
 * endian. A call from another ABI (i386 through `int 0x80`, x32) fails with ENOSYS, as if
 * the kernel lacked it: its numbers differ, so the deny list would not apply. clone3 fails
 * with ENOSYS too, because its flags sit in memory a filter cannot read; C libraries then
 * fall back to clone, whose flags are checked (threads and forks pass, new namespaces do not).
 */
export function buildSeccompFilter(options: SeccompFilterOptions): Buffer {
  const { arch } = options;
  const steps: Step[] = [
    { op: "load", offset: ARCH },
    { op: "jeq", k: AUDIT_ARCH[arch], then: "next", else: "enosys" },
    { op: "load", offset: NR },
  ];
  if (arch === "x86_64") steps.push({ op: "jge", k: X32_SYSCALL_BIT, then: "enosys", else: "next" });
  for (const numbers of Object.values(DENIED)) {
    const nr = numbers[arch];
    if (nr !== undefined) steps.push({ op: "jeq", k: nr, then: "eperm", else: "next" });
  }
  steps.push(
    { op: "jeq", k: FILTERED.clone3[arch], then: "enosys", else: "next" },
    { op: "jeq", k: FILTERED.clone[arch], then: "clone", else: "next" },
    { op: "jeq", k: FILTERED.personality[arch], then: "personality", else: "next" },
  );
  if (!options.allowNetwork) steps.push({ op: "jeq", k: FILTERED.socket[arch], then: "socket", else: "next" });
  steps.push(
    { op: "ret", k: RET_ALLOW },
    { op: "label", name: "clone" },
    { op: "load", offset: ARG0_LOW },
    { op: "jset", k: CLONE_NEW_NAMESPACES, then: "eperm", else: "allow" },
    { op: "label", name: "personality" },
    { op: "load", offset: ARG0_LOW },
    ...PERSONALITY_ALLOWED.map((k): Step => ({ op: "jeq", k, then: "allow", else: "next" })),
    { op: "ret", k: RET_ERRNO | EPERM },
  );
  if (!options.allowNetwork) {
    steps.push(
      { op: "label", name: "socket" },
      { op: "load", offset: ARG0_LOW },
      { op: "jeq", k: AF_UNIX, then: "allow", else: "eperm" },
    );
  }
  steps.push(
    { op: "label", name: "eperm" },
    { op: "ret", k: RET_ERRNO | EPERM },
    { op: "label", name: "enosys" },
    { op: "ret", k: RET_ERRNO | ENOSYS },
    { op: "label", name: "allow" },
    { op: "ret", k: RET_ALLOW },
  );
  return assemble(steps);
}

/** Resolves labels into the forward jump offsets classic BPF uses (0 to 255 instructions). */
function assemble(steps: Step[]): Buffer {
  const labels = new Map<Label, number>();
  let count = 0;
  for (const step of steps) {
    if (step.op === "label") labels.set(step.name, count);
    else count += 1;
  }
  const out = Buffer.alloc(count * 8);
  let at = 0;
  const write = (code: number, jt: number, jf: number, k: number) => {
    out.writeUInt16LE(code, at * 8);
    out.writeUInt8(jt, at * 8 + 2);
    out.writeUInt8(jf, at * 8 + 3);
    out.writeUInt32LE(k >>> 0, at * 8 + 4);
    at += 1;
  };
  const offset = (target: Target) => {
    if (target === "next") return 0;
    const to = labels.get(target);
    const jump = to === undefined ? -1 : to - at - 1;
    if (jump < 0 || jump > 255) throw new RangeError(`seccomp filter: cannot jump to ${target} from instruction ${at}`);
    return jump;
  };
  for (const step of steps) {
    if (step.op === "load") write(LD_W_ABS, 0, 0, step.offset);
    else if (step.op === "ret") write(RET_K, 0, 0, step.k);
    else if (step.op !== "label") {
      const code = step.op === "jeq" ? JMP_JEQ_K : step.op === "jge" ? JMP_JGE_K : JMP_JSET_K;
      write(code, offset(step.then), offset(step.else), step.k);
    }
  }
  return out;
}
