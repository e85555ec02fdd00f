// A JSON text as a tree that keeps what a parser's value loses: member order, members named twice,
// and each scalar's spelling (`1` vs `1.0`, `"a"` vs `"\u0061"`). Member-level mutations edit this
// tree; `write` turns it back into text, with whatever whitespace the caller asks for.

export type Node =
  | { t: "obj"; members: [name: string, value: Node][] }
  | { t: "arr"; items: Node[] }
  /** A scalar exactly as written: a string with its quotes and escapes, a number, true/false/null. */
  | { t: "raw"; text: string };

/** The tree of a value already parsed (names and strings spelled as JSON.stringify spells them). */
export function fromValue(value: unknown): Node {
  return copy(value, (v) => {
    if (Array.isArray(v)) return { node: { t: "arr", items: [] }, children: v.map((c) => ["", c]) };
    if (v !== null && typeof v === "object") {
      return {
        node: { t: "obj", members: [] },
        children: Object.entries(v).map(([k, c]) => [JSON.stringify(k), c]),
      };
    }
    return { node: { t: "raw", text: JSON.stringify(v) }, children: [] };
  });
}

export function clone(node: Node): Node {
  return copy(node, (n: Node) => {
    if (n.t === "obj") return { node: { t: "obj", members: [] }, children: n.members };
    if (n.t === "arr") return { node: { t: "arr", items: [] }, children: n.items.map((c) => ["", c]) };
    return { node: { t: "raw", text: n.text }, children: [] };
  });
}

/** Builds a tree from any tree-shaped source without recursion (sources can nest 50,000 deep). */
function copy<S>(source: S, visit: (s: S) => { node: Node; children: [string, S][] }): Node {
  const rootVisit = visit(source);
  const work: { node: Node; children: [string, S][] }[] = [rootVisit];
  while (work.length > 0) {
    const { node, children } = work.pop()!;
    for (const [name, child] of children) {
      const v = visit(child);
      if (node.t === "obj") node.members.push([name, v.node]);
      else if (node.t === "arr") node.items.push(v.node);
      work.push(v);
    }
  }
  return rootVisit.node;
}

/**
 * The text of a tree. `gap` is called at every place whitespace may go and returns what to put
 * there (usually ""). Iterative, so a deeply nested tree cannot overflow the stack.
 */
export function write(root: Node, gap: () => string = () => ""): string {
  const out: string[] = [];
  // Work items: a node to write, or a literal piece of text.
  const stack: (Node | string)[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    if (item.t === "raw") {
      out.push(gap(), item.text, gap());
      continue;
    }
    const pieces: (Node | string)[] = [];
    if (item.t === "obj") {
      pieces.push("{");
      item.members.forEach(([name, value], i) => {
        if (i > 0) pieces.push(",");
        pieces.push(gap() + name + gap() + ":", value);
      });
      pieces.push(`${gap()}}`);
    } else {
      pieces.push("[");
      item.items.forEach((value, i) => {
        if (i > 0) pieces.push(",");
        pieces.push(value);
      });
      pieces.push(`${gap()}]`);
    }
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
  }
  return out.join("");
}

/** A place a value sits: a member of an object, an element of an array, or the root. */
export type Slot =
  | { in: "obj"; parent: Extract<Node, { t: "obj" }>; index: number; node: Node }
  | { in: "arr"; parent: Extract<Node, { t: "arr" }>; index: number; node: Node }
  | { in: "root"; node: Node };

/** Every slot in the tree, outermost first. */
export function slots(root: Node): Slot[] {
  const found: Slot[] = [{ in: "root", node: root }];
  for (let i = 0; i < found.length; i++) {
    const node = found[i]!.node;
    if (node.t === "obj") {
      node.members.forEach(([, v], index) => {
        found.push({ in: "obj", parent: node, index, node: v });
      });
    } else if (node.t === "arr") {
      node.items.forEach((v, index) => {
        found.push({ in: "arr", parent: node, index, node: v });
      });
    }
  }
  return found;
}

/** Puts `node` in `slot`'s place; the root cannot be replaced in place, so it returns the new root. */
export function replace(root: Node, slot: Slot, node: Node): Node {
  if (slot.in === "root") return node;
  if (slot.in === "obj") slot.parent.members[slot.index]![1] = node;
  else slot.parent.items[slot.index] = node;
  return root;
}
