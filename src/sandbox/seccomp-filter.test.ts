import { describe, expect, it } from "vitest";
import { buildSeccompFilter, seccompArchOf } from "./seccomp-filter.js";

/*
 * The filter is checked by running it: a small classic-BPF interpreter (the subset a
 * seccomp filter may use, as the kernel's checker accepts it) evaluates the bytes for one
 * system call at a time. Numbers and constants below come from the kernel headers, not
 * from the module under test.
 */

const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const AUDIT_ARCH_I386 = 0x40000003;
const ALLOW = 0x7fff0000;
const EPERM = 0x00050000 | 1;
const ENOSYS = 0x00050000 | 38;

/** Syscall numbers from <asm/unistd_64.h> and <asm-generic/unistd.h>. */
const X86_64 = {
  read: 0, write: 1, mmap: 9, socket: 41, socketpair: 53, clone: 56, fork: 57, execve: 59, setresuid: 117,
  personality: 135, ptrace: 101, mount: 165, iopl: 172, keyctl: 250, unshare: 272, setns: 308, bpf: 321,
  perf_event_open: 298, process_vm_readv: 310, io_uring_setup: 425, fsopen: 430, clone3: 435, mount_setattr: 442,
};
const AARCH64 = {
  read: 63, write: 64, getpid: 172, sendfile: 71, socket: 198, clone: 220, execve: 221, personality: 92,
  ptrace: 117, mount: 40, unshare: 97, keyctl: 219, bpf: 280, io_uring_setup: 425, clone3: 435,
};

const CLONE_VM = 0x100;
const CLONE_FS = 0x200;
const CLONE_FILES = 0x400;
const CLONE_SIGHAND = 0x800;
const CLONE_THREAD = 0x10000;
const CLONE_SYSVSEM = 0x40000;
const CLONE_SETTLS = 0x80000;
const CLONE_PARENT_SETTID = 0x100000;
const CLONE_CHILD_CLEARTID = 0x200000;
const CLONE_NEWNS = 0x20000;
const CLONE_NEWUSER = 0x10000000;
const CLONE_NEWNET = 0x40000000;
const SIGCHLD = 17;
/** The flags glibc's pthread_create passes to clone. */
const THREAD_FLAGS =
  CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID;
const AF_UNIX = 1;
const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
const AF_PACKET = 17;

interface Call {
  arch: number;
  nr: number;
  args?: bigint[];
}

/** struct seccomp_data, little endian: int nr; u32 arch; u64 instruction_pointer; u64 args[6]. */
function seccompData(call: Call): Buffer {
  const data = Buffer.alloc(64);
  data.writeInt32LE(call.nr, 0);
  data.writeUInt32LE(call.arch, 4);
  (call.args ?? []).forEach((arg, i) => data.writeBigUInt64LE(BigInt.asUintN(64, arg), 16 + 8 * i));
  return data;
}

/** Runs the program on one call and returns its verdict; throws on anything seccomp would reject. */
function evaluate(program: Buffer, call: Call): number {
  expect(program.length % 8).toBe(0);
  const count = program.length / 8;
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(4096);
  const data = seccompData(call);
  let accumulator = 0;
  for (let pc = 0; pc < count; pc++) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    switch (code) {
      case 0x20: // BPF_LD | BPF_W | BPF_ABS: only aligned words inside seccomp_data.
        if (k % 4 !== 0 || k + 4 > data.length) throw new Error(`load at ${k}`);
        accumulator = data.readUInt32LE(k);
        break;
      case 0x15: // BPF_JMP | BPF_JEQ | BPF_K
        pc += accumulator === k ? jt : jf;
        break;
      case 0x35: // BPF_JMP | BPF_JGE | BPF_K
        pc += accumulator >= k ? jt : jf;
        break;
      case 0x45: // BPF_JMP | BPF_JSET | BPF_K
        pc += (accumulator & k) !== 0 ? jt : jf;
        break;
      case 0x06: // BPF_RET | BPF_K
        return k;
      default:
        throw new Error(`unexpected opcode 0x${code.toString(16)} at ${pc}`);
    }
  }
  throw new Error("the program ran off its end");
}

const offline = (arch: "x86_64" | "aarch64") => buildSeccompFilter({ arch, allowNetwork: false });
const x86 = (nr: number, ...args: number[]): Call => ({ arch: AUDIT_ARCH_X86_64, nr, args: args.map(BigInt) });
const arm = (nr: number, ...args: number[]): Call => ({ arch: AUDIT_ARCH_AARCH64, nr, args: args.map(BigInt) });

describe("buildSeccompFilter", () => {
  it("allows the everyday calls of a program", () => {
    const program = offline("x86_64");
    for (const nr of [X86_64.read, X86_64.write, X86_64.mmap, X86_64.fork, X86_64.execve, X86_64.socketpair]) {
      expect(evaluate(program, x86(nr)), `nr ${nr}`).toBe(ALLOW);
    }
  });

  it("refuses with EPERM the calls that widen the attack surface (x86_64 numbers)", () => {
    const program = offline("x86_64");
    const refused = [
      X86_64.ptrace, X86_64.mount, X86_64.iopl, X86_64.keyctl, X86_64.unshare, X86_64.setns, X86_64.bpf,
      X86_64.perf_event_open, X86_64.process_vm_readv, X86_64.io_uring_setup, X86_64.fsopen, X86_64.mount_setattr,
    ];
    for (const nr of refused) expect(evaluate(program, x86(nr)), `nr ${nr}`).toBe(EPERM);
  });

  it("uses aarch64's own numbers on aarch64", () => {
    const program = offline("aarch64");
    for (const nr of [AARCH64.ptrace, AARCH64.mount, AARCH64.unshare, AARCH64.keyctl, AARCH64.bpf, AARCH64.io_uring_setup]) {
      expect(evaluate(program, arm(nr)), `nr ${nr}`).toBe(EPERM);
    }
    // x86_64's ptrace (101), mount (165), iopl (172) are other calls here: nanosleep, getrlimit, getpid.
    for (const nr of [AARCH64.read, AARCH64.write, AARCH64.getpid, AARCH64.sendfile, AARCH64.execve, 101, 165]) {
      expect(evaluate(program, arm(nr)), `nr ${nr}`).toBe(ALLOW);
    }
    // And the other way round: aarch64's ptrace (117) and mount (40) are setresuid and sendfile on x86_64.
    expect(evaluate(offline("x86_64"), x86(X86_64.setresuid))).toBe(ALLOW);
    expect(evaluate(offline("x86_64"), x86(40))).toBe(ALLOW);
  });

  it("fails calls of another ABI with ENOSYS: i386 through int 0x80, x32, and the other 64-bit architecture", () => {
    const program = offline("x86_64");
    expect(evaluate(program, { arch: AUDIT_ARCH_I386, nr: 26 })).toBe(ENOSYS);
    expect(evaluate(program, { arch: AUDIT_ARCH_I386, nr: X86_64.read })).toBe(ENOSYS);
    expect(evaluate(program, x86(0x40000000 + X86_64.read))).toBe(ENOSYS);
    expect(evaluate(program, x86(0x40000000 + X86_64.ptrace))).toBe(ENOSYS);
    expect(evaluate(program, arm(AARCH64.read))).toBe(ENOSYS);
    expect(evaluate(offline("aarch64"), x86(X86_64.read))).toBe(ENOSYS);
  });

  it("lets clone make threads and processes but not namespaces, and sends clone3 back to clone", () => {
    for (const [arch, call] of [
      ["x86_64", (...a: number[]) => x86(X86_64.clone, ...a)],
      ["aarch64", (...a: number[]) => arm(AARCH64.clone, ...a)],
    ] as const) {
      const program = offline(arch);
      expect(evaluate(program, call(THREAD_FLAGS))).toBe(ALLOW);
      expect(evaluate(program, call(SIGCHLD))).toBe(ALLOW);
      expect(evaluate(program, call(CLONE_VM | SIGCHLD))).toBe(ALLOW);
      expect(evaluate(program, call(CLONE_NEWUSER | SIGCHLD))).toBe(EPERM);
      expect(evaluate(program, call(CLONE_NEWNET | CLONE_NEWNS | SIGCHLD))).toBe(EPERM);
      expect(evaluate(program, call(THREAD_FLAGS | CLONE_NEWUSER))).toBe(EPERM);
    }
    expect(evaluate(offline("x86_64"), x86(X86_64.clone3))).toBe(ENOSYS);
    expect(evaluate(offline("aarch64"), arm(AARCH64.clone3))).toBe(ENOSYS);
  });

  it("without network refuses every socket family but AF_UNIX, judging only the int the kernel reads", () => {
    const program = offline("x86_64");
    expect(evaluate(program, x86(X86_64.socket, AF_UNIX, 1, 0))).toBe(ALLOW);
    for (const family of [AF_INET, AF_INET6, AF_NETLINK, AF_PACKET, 0]) {
      expect(evaluate(program, x86(X86_64.socket, family, 1, 0)), `family ${family}`).toBe(EPERM);
    }
    // The kernel truncates the argument to an int: high bits neither help nor hurt.
    expect(evaluate(program, { arch: AUDIT_ARCH_X86_64, nr: X86_64.socket, args: [(1n << 32n) | BigInt(AF_INET)] })).toBe(EPERM);
    expect(evaluate(program, { arch: AUDIT_ARCH_X86_64, nr: X86_64.socket, args: [(1n << 32n) | BigInt(AF_UNIX)] })).toBe(ALLOW);
    expect(evaluate(offline("aarch64"), arm(AARCH64.socket, AF_INET6, 1, 0))).toBe(EPERM);
    expect(evaluate(offline("aarch64"), arm(AARCH64.socket, AF_UNIX, 1, 0))).toBe(ALLOW);
  });

  it("with network allows sockets of any family, and still refuses the rest", () => {
    const program = buildSeccompFilter({ arch: "x86_64", allowNetwork: true });
    for (const family of [AF_UNIX, AF_INET, AF_INET6, AF_NETLINK]) expect(evaluate(program, x86(X86_64.socket, family, 1, 0))).toBe(ALLOW);
    expect(evaluate(program, x86(X86_64.ptrace))).toBe(EPERM);
    expect(evaluate(program, x86(X86_64.clone, CLONE_NEWUSER | SIGCHLD))).toBe(EPERM);
  });

  it("lets personality be read or reset, and refuses changing it (ASLR off, executable data)", () => {
    const program = offline("x86_64");
    expect(evaluate(program, x86(X86_64.personality, 0xffffffff))).toBe(ALLOW);
    expect(evaluate(program, x86(X86_64.personality, 0))).toBe(ALLOW);
    expect(evaluate(program, x86(X86_64.personality, 0x0040000))).toBe(EPERM);
    expect(evaluate(program, x86(X86_64.personality, 0x0400000))).toBe(EPERM);
    expect(evaluate(offline("aarch64"), arm(AARCH64.personality, 0x0040000))).toBe(EPERM);
  });
});

describe("seccompArchOf", () => {
  it("knows Node's names of the two architectures it has syscall numbers for", () => {
    expect(seccompArchOf("x64")).toBe("x86_64");
    expect(seccompArchOf("arm64")).toBe("aarch64");
    for (const other of ["ia32", "arm", "riscv64", "s390x", "ppc64", "loong64"]) expect(seccompArchOf(other)).toBeUndefined();
  });
});
