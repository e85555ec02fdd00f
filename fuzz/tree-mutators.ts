// Mutations that know JSON: they edit members and values at every level of the tree (change,
// remove, add, duplicate, rename, retype, reorder), respell numbers and strings, nest deeply and
// grow huge strings. Some keep the value the same (a member reorder, a `\u0061` for `a`): a verifier
// or parser must treat those exactly as the original.
import type { Mutator } from "./byte-mutators.js";
import type { Rng } from "./rng.js";
import { clone, type Node, replace, type Slot, slots } from "./tree.js";

const NAMES = [
  "sig",
  "signer_pubkey",
  "wai",
  "pass",
  "name",
  "cases",
  "summary",
  "x",
  "",
  "__proto__",
  "Sig",
];

function randomScalar(rng: Rng): Node {
  const text = rng.pick([
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1.5",
    "9007199254740992",
    '""',
    '"x"',
    '"conform-result/1"',
    `"${"0".repeat(64)}"`,
    '"\\ud800"',
  ]);
  return { t: "raw", text };
}

function randomValue(rng: Rng): Node {
  const roll = rng.int(4);
  if (roll === 0) return { t: "arr", items: rng.chance(0.5) ? [] : [randomScalar(rng)] };
  if (roll === 1)
    return {
      t: "obj",
      members: rng.chance(0.5) ? [] : [[JSON.stringify(rng.pick(NAMES)), randomScalar(rng)]],
    };
  return randomScalar(rng);
}

/** A value next to this one: the same type, one step away (a character, a unit, the other boolean). */
function nearValue(rng: Rng, node: Node): Node {
  if (node.t !== "raw") return randomValue(rng);
  const text = node.text;
  if (text === "true") return { t: "raw", text: "false" };
  if (text === "false") return { t: "raw", text: "true" };
  if (text === "null") return { t: "raw", text: '"null"' };
  if (text.startsWith('"')) {
    const value = JSON.parse(text) as string;
    const at = rng.int(value.length + 1);
    const edits = [
      value.slice(0, at) + String.fromCharCode(rng.range(0x20, 0x7e)) + value.slice(at + 1),
      value.slice(0, at) + value.slice(at + 1),
      `${value}x`,
      "",
      value.toUpperCase(),
    ];
    return { t: "raw", text: JSON.stringify(rng.pick(edits)) };
  }
  const n = Number(text);
  const numbers = [n + 1, n - 1, 0, -1, 2 ** 53, 2 ** 53 - 1, n * 2];
  return { t: "raw", text: rng.chance(0.1) ? "1e400" : String(rng.pick(numbers)) };
}

/** Another spelling of the same number, most of them not the plain integer §2 requires. */
function respellNumber(rng: Rng, text: string): string {
  const forms = [
    `${text}.0`,
    `${text}e0`,
    `${text}E+0`,
    `0${text}`,
    `${text}0e-1`,
    `${text}.`,
    `+${text}`,
    `${text}.000`,
  ];
  if (text === "0") forms.push("-0", "0.0", "-0.0", "0e5");
  return rng.pick(forms);
}

/** Another spelling of the same string: one character escaped as \uXXXX (either case) or `\/`. */
function respellString(rng: Rng, text: string): string {
  const value = JSON.parse(text) as string;
  if (value.length === 0) return text;
  const at = rng.int(value.length);
  const ch = value[at]!;
  let hex = ch.charCodeAt(0).toString(16).padStart(4, "0");
  if (rng.chance(0.5)) hex = hex.toUpperCase();
  const escaped = ch === "/" && rng.chance(0.5) ? "\\/" : `\\u${hex}`;
  const before = JSON.stringify(value.slice(0, at)).slice(0, -1);
  const after = JSON.stringify(value.slice(at + 1)).slice(1);
  return before + escaped + after;
}

function pickSlot(rng: Rng, root: Node, want: (s: Slot) => boolean): Slot | undefined {
  const all = slots(root).filter(want);
  return all.length === 0 ? undefined : rng.pick(all);
}

const isObj = (s: Slot) => s.node.t === "obj" && s.node.members.length > 0;
const isArr = (s: Slot) => s.node.t === "arr" && s.node.items.length > 0;
const isRaw = (s: Slot) => s.node.t === "raw";
const isNumber = (s: Slot) => s.node.t === "raw" && /^-?[0-9]/.test(s.node.text);
const isString = (s: Slot) => s.node.t === "raw" && s.node.text.startsWith('"');

/**
 * The mutators over a tree; `donors` are other documents whose values can be transplanted.
 * `pastRecordLimit`: huge-string sometimes writes a string past the verifier's 32 MiB limit (to
 * prove that limit); the json target leaves it off, since its parser has no size limit and a 33 MiB
 * text then only measures the machine.
 */
export function treeMutators(donors: readonly Node[], pastRecordLimit = false): Mutator<Node>[] {
  return [
    {
      name: "value-change",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isRaw);
        return slot ? replace(root, slot, nearValue(rng, slot.node)) : root;
      },
    },
    {
      name: "member-remove",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isObj);
        if (slot?.node.t === "obj") slot.node.members.splice(rng.int(slot.node.members.length), 1);
        return root;
      },
    },
    {
      name: "element-remove",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isArr);
        if (slot?.node.t === "arr") slot.node.items.splice(rng.int(slot.node.items.length), 1);
        return root;
      },
    },
    {
      name: "element-add",
      apply(rng, root) {
        const slot = pickSlot(rng, root, (s) => s.node.t === "arr");
        if (slot?.node.t === "arr") {
          const copy =
            slot.node.items.length > 0 && rng.chance(0.7)
              ? clone(rng.pick(slot.node.items))
              : randomValue(rng);
          slot.node.items.splice(rng.int(slot.node.items.length + 1), 0, copy);
        }
        return root;
      },
    },
    {
      name: "member-add",
      apply(rng, root) {
        const slot = pickSlot(rng, root, (s) => s.node.t === "obj");
        if (slot?.node.t === "obj") {
          const name = JSON.stringify(rng.pick(NAMES));
          slot.node.members.splice(rng.int(slot.node.members.length + 1), 0, [name, randomValue(rng)]);
        }
        return root;
      },
    },
    {
      name: "member-duplicate",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isObj);
        if (slot?.node.t === "obj") {
          const [name, value] = rng.pick(slot.node.members);
          // The same name again, with the same value or a nearby one, possibly spelled differently.
          const spelled = rng.chance(0.3) ? respellString(rng, name) : name;
          const again = rng.chance(0.5) ? clone(value) : nearValue(rng, value);
          slot.node.members.splice(rng.int(slot.node.members.length + 1), 0, [spelled, again]);
        }
        return root;
      },
    },
    {
      name: "member-rename",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isObj);
        if (slot?.node.t === "obj") {
          const member = rng.pick(slot.node.members);
          const renamed = nearValue(rng, { t: "raw", text: member[0] });
          if (renamed.t === "raw") member[0] = renamed.text;
        }
        return root;
      },
    },
    {
      name: "retype",
      apply(rng, root) {
        const slot = pickSlot(rng, root, () => true);
        if (!slot) return root;
        const node = slot.node;
        const options: Node[] = [
          randomValue(rng),
          { t: "arr", items: [clone(node)] },
          { t: "raw", text: "null" },
        ];
        if (node.t === "raw") options.push({ t: "raw", text: JSON.stringify(node.text) });
        if (node.t === "raw" && isString(slot)) {
          const inner = JSON.parse(node.text) as string;
          if (/^-?[0-9]+$/.test(inner) || inner === "true" || inner === "false")
            options.push({ t: "raw", text: inner });
        }
        if (node.t === "obj") options.push({ t: "arr", items: node.members.map(([, v]) => v) });
        return replace(root, slot, rng.pick(options));
      },
    },
    {
      name: "swap-values",
      apply(rng, root) {
        const all = slots(root).filter((s) => s.in !== "root");
        if (all.length < 2) return root;
        const a = rng.pick(all);
        const b = rng.pick(all);
        if (a === b || contains(a.node, b.node) || contains(b.node, a.node)) return root;
        const [na, nb] = [a.node, b.node];
        replace(root, a, nb);
        replace(root, b, na);
        return root;
      },
    },
    {
      name: "number-respell",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isNumber);
        return slot?.node.t === "raw"
          ? replace(root, slot, { t: "raw", text: respellNumber(rng, slot.node.text) })
          : root;
      },
    },
    {
      name: "string-reescape",
      apply(rng, root) {
        // Mostly a value's spelling; sometimes a member name's. Neither changes the RFC 8785 form.
        if (rng.chance(0.3)) {
          const slot = pickSlot(rng, root, isObj);
          if (slot?.node.t === "obj") {
            const member = rng.pick(slot.node.members);
            member[0] = respellString(rng, member[0]);
          }
          return root;
        }
        const slot = pickSlot(rng, root, isString);
        return slot?.node.t === "raw"
          ? replace(root, slot, { t: "raw", text: respellString(rng, slot.node.text) })
          : root;
      },
    },
    {
      name: "member-reorder",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isObj);
        if (slot?.node.t === "obj") {
          const m = slot.node.members;
          for (let i = m.length - 1; i > 0; i--) {
            const j = rng.int(i + 1);
            [m[i], m[j]] = [m[j]!, m[i]!];
          }
        }
        return root;
      },
    },
    {
      name: "deep-nesting",
      apply(rng, root) {
        const slot = pickSlot(rng, root, () => true);
        if (!slot) return root;
        const depth = rng.pick([1, 2, 28, 30, 31, 32, 33, 64, 1000, 20_000]);
        let node = slot.node;
        for (let i = 0; i < depth; i++)
          node = rng.chance(0.8) ? { t: "arr", items: [node] } : { t: "obj", members: [['"d"', node]] };
        return replace(root, slot, node);
      },
    },
    {
      name: "huge-string",
      apply(rng, root) {
        const slot = pickSlot(rng, root, isString);
        if (!slot) return root;
        // Rarely past the verifier's 32 MiB limit, sometimes a MiB, usually up to 64 KiB (keeps runs fast).
        const huge = rng.chance(0.002);
        const length =
          huge && pastRecordLimit
            ? 33 * 1024 * 1024
            : huge || rng.chance(0.05)
              ? 2 ** 20
              : 2 ** rng.range(8, 16);
        const ch = rng.pick(["a", "é", "\\u0000", "\\\\", "😀"]);
        const repeat = Math.max(1, Math.floor(length / ch.length));
        return replace(root, slot, { t: "raw", text: `"${ch.repeat(repeat)}"` });
      },
    },
    {
      name: "transplant",
      apply(rng, root) {
        // A member from another document put in place of the same-named one here: another record's
        // sig, signer_pubkey, cases or summary, all of them well-formed but not what was signed.
        const donor = rng.pick(donors);
        if (donor.t !== "obj" || root.t !== "obj" || donor.members.length === 0) return root;
        const [name, value] = rng.pick(donor.members);
        const here = root.members.findIndex(([n]) => n === name);
        if (here >= 0) root.members[here] = [name, clone(value)];
        return root;
      },
    },
  ];
}

function contains(outer: Node, inner: Node): boolean {
  return slots(outer).some((s) => s.node === inner);
}
