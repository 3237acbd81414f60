#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""test-includes.py SRCDIR: the layers include downwards only, and editor/ has no circle.

The layers, lowest first: model/, render/, rules-check/, engine/, then cli/ and editor/
(which use each other's headers neither). A file may include headers of its own layer
and of lower ones. In editor/ a class is its .c, .h and -private.h together; no class
may reach itself through the headers its files include.
"""
import os
import re
import sys

LAYERS = {'model': 0, 'render': 1, 'rules-check': 2, 'engine': 3, 'cli': 4, 'editor': 4}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def class_of(path):
    """The class a file belongs to: its path without the extension and "-private"."""
    stem = os.path.splitext(path)[0]
    return stem[:-len('-private')] if stem.endswith('-private') else stem


def main(srcdir):
    headers = {}   # basename -> path relative to srcdir
    sources = []
    for top in LAYERS:
        for root, _dirs, files in os.walk(os.path.join(srcdir, top)):
            for name in files:
                if not name.endswith(('.c', '.h')):
                    continue
                path = os.path.relpath(os.path.join(root, name), srcdir)
                sources.append(path)
                if name.endswith('.h'):
                    if name in headers:
                        print(f'{path}: a header named {name} is also in {headers[name]}')
                        return 1
                    headers[name] = path
    problems = []
    graph = {}     # editor class (path without extension) -> classes it includes
    for path in sorted(sources):
        with open(os.path.join(srcdir, path), encoding='utf-8') as f:
            text = f.read()
        top = path.split(os.sep)[0]
        module = class_of(path)
        for include in INCLUDE.findall(text):
            target = headers.get(os.path.basename(include))
            if target is None:
                continue   # config.h, generated headers
            target_top = target.split(os.sep)[0]
            if target_top != top and LAYERS[target_top] >= LAYERS[top]:
                problems.append(f'{path}: includes {target}: {top}/ may not use {target_top}/')
            target_module = class_of(target)
            if top == 'editor' and target_top == 'editor' and target_module != module:
                graph.setdefault(module, set()).add(target_module)

    # a circle: a class reached again on the path that started from it (depth-first search)
    state = {}
    stack = []

    def visit(node):
        state[node] = 'open'
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 'open':
                circle = stack[stack.index(nxt):] + [nxt]
                problems.append('a circle of includes: ' + ' -> '.join(circle))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 'done'

    for node in sorted(graph):
        if node not in state:
            visit(node)

    for p in problems:
        print(p)
    if problems:
        return 1
    print(f'{len(sources)} files: the layers include downwards only, no circle in editor/')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
