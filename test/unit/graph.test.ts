/** The dependency graph: edges, order, reverse order and cycles. */
import { Graph, alg } from '@dagrejs/graphlib';
import { expect } from 'chai';
import {
  DependencyGraph,
  buildDependencyGraph,
  dependenciesOf,
  dependentsOf,
  findCycleDiagnostics,
  graphFromDependencies,
  reverseTopologicalOrder,
  topologicalOrder,
} from '../../src/manifest/graph.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { formatDiagnostic } from '../../src/core/types.js';

const source = [
  'variables:',
  '  cycle: { default: m }',
  'data:',
  '  products: { type: cloud_lite_products }',
  '  os: { type: cloud_lite_os_list, properties: { product_id: "${data.products.products[0].product_id}" } }',
  'resources:',
  '  web:',
  '    type: lite_vm',
  '    properties: { keypair_id: "${key.id}", select_os: "${data.os.oss[0].name}", cycle: "${var.cycle}", vm_name: "w-${key.id}" }',
  '    depends_on: [db]',
  '  db: { type: lite_vm, properties: { keypair_id: "${key.keypair_id}" } }',
  '  key: { type: lite_keypair, properties: { name: deploy } }',
  'outputs:',
  '  web_id: ${web.id}',
].join('\n');

describe('graph', () => {
  const { manifest } = parseManifest(source, 'g.yaml');

  it('lists the dependencies of a block once each, without variables', () => {
    expect(dependenciesOf(manifest.resources.web)).to.deep.equal([
      { address: 'key', location: { file: 'g.yaml', line: 9, column: 32 } },
      { address: 'data.os', location: { file: 'g.yaml', line: 9, column: 56 } },
      { address: 'db', location: { file: 'g.yaml', line: 10, column: 18 } },
    ]);
  });

  it('lists each dependency once past 16 of them (depends_on written twice, a reference and depends_on naming one block)', () => {
    const names = Array.from({ length: 20 }, (_, index) => `k${index}`);
    const text = [
      'resources:',
      ...names.map((name) => `  ${name}: { type: lite_keypair, properties: { name: ${name} } }`),
      '  web:',
      '    type: lite_vm',
      '    properties: { keypair_id: "${k19.id}" }',
      `    depends_on: [${[...names, ...names].join(', ')}]`,
    ].join('\n');
    const block = parseManifest(text, 'many.yaml').manifest.resources.web;
    const listed = dependenciesOf(block).map((entry) => entry.address);
    expect(listed).to.deep.equal(['k19', ...names.slice(0, 19)]);
  });

  it('has resource and data nodes, edges from dependency to dependent, no outputs', () => {
    const graph = buildDependencyGraph(manifest);
    expect(graph.nodes().sort()).to.deep.equal(['data.os', 'data.products', 'db', 'key', 'web']);
    expect(
      graph
        .edges()
        .map((edge) => `${edge.v}->${edge.w}`)
        .sort(),
    ).to.deep.equal(['data.os->web', 'data.products->data.os', 'db->web', 'key->db', 'key->web']);
    expect(graph.node('web')?.kind).to.equal('resource');
    expect(graph.node('data.os')?.kind).to.equal('data');
  });

  it('orders dependencies first, and the reverse for deletes', () => {
    const graph = buildDependencyGraph(manifest);
    const order = topologicalOrder(graph);
    const before = (a: string, b: string) => order.indexOf(a) < order.indexOf(b);
    expect(order).to.have.length(5);
    for (const edge of graph.edges()) expect(before(edge.v, edge.w), `${edge.v} before ${edge.w}`).to.equal(true);
    expect(reverseTopologicalOrder(graph)).to.deep.equal([...order].reverse());
    expect(dependentsOf(graph, 'key').sort()).to.deep.equal(['db', 'web']);
  });

  it('orders recorded state dependencies', () => {
    const order = reverseTopologicalOrder(graphFromDependencies({ web: ['key', 'db'], db: ['key'], key: [] }));
    expect(order).to.deep.equal(['web', 'db', 'key']);
  });

  it('reports each cycle once, at the reference that closes it', () => {
    const cyclic = [
      'resources:',
      '  a: { type: lite_keypair, properties: { name: "${b.id}" } }',
      '  b: { type: lite_keypair, properties: { name: "${c.id}" } }',
      '  c: { type: lite_keypair, properties: { name: x }, depends_on: [a] }',
      '  self: { type: lite_keypair, properties: { name: "${self.name}" } }',
      '  ok: { type: lite_keypair, properties: { name: "${a.id}" } }',
    ].join('\n');
    const parsed = parseManifest(cyclic, 'c.yaml').manifest;
    const graph = buildDependencyGraph(parsed);
    expect(findCycleDiagnostics(parsed, graph).map(formatDiagnostic)).to.deep.equal([
      'c.yaml:4:66: dependency cycle: a -> b -> c -> a',
      'c.yaml:5:52: dependency cycle: self -> self',
    ]);
    expect(() => topologicalOrder(graph)).to.throw();
  });

  it('keeps the orders graphlib kept: nodes, edges, neighbours and the topological order (random graphs, any address)', () => {
    let state = 11;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const names = ['toString', '__proto__', 'constructor', 'web[0]', 'data.os', ...Array.from({ length: 25 }, (_, index) => `n${index}`)];
    for (let round = 0; round < 40; round++) {
      const graph = new DependencyGraph();
      const reference = new Graph({ directed: true });
      const order = [...names].sort(() => next() - 0.5).slice(0, 5 + Math.floor(next() * 25));
      for (const name of order) {
        graph.setNode(name);
        reference.setNode(`#${name}`);
      }
      // Edges from an earlier node to a later one only (acyclic), in random order, some repeated.
      for (let edge = 0; edge < order.length * 2; edge++) {
        const [a, b] = [Math.floor(next() * order.length), Math.floor(next() * order.length)];
        if (a === b) continue;
        const [from, to] = a < b ? [order[a], order[b]] : [order[b], order[a]];
        graph.setEdge(from, to);
        reference.setEdge(`#${from}`, `#${to}`);
      }
      const strip = (ids: string[]) => ids.map((id) => id.slice(1));
      expect(graph.nodes()).to.deep.equal(strip(reference.nodes()));
      expect(graph.edges()).to.deep.equal(reference.edges().map((edge) => ({ v: edge.v.slice(1), w: edge.w.slice(1) })));
      for (const name of order) {
        expect(graph.predecessors(name)).to.deep.equal(strip(reference.predecessors(`#${name}`) ?? []));
        expect(graph.successors(name)).to.deep.equal(strip(reference.successors(`#${name}`) ?? []));
      }
      expect(topologicalOrder(graph)).to.deep.equal(strip(alg.topsort(reference)));
      expect(dependentsOf(graph, order[0])).to.deep.equal(strip(alg.preorder(reference, [`#${order[0]}`])).slice(1));
    }
  });

  it('keeps edges, labels and neighbours like graphlib where both ends have many edges (set of edges past 32 a side)', () => {
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const graph = new DependencyGraph();
    const reference = new Graph({ directed: true });
    const sources = Array.from({ length: 40 }, (_, index) => `s${index}`);
    const targets = Array.from({ length: 40 }, (_, index) => `t${index}`);
    for (let edge = 0; edge < 4000; edge++) {
      const [from, to] = [sources[Math.floor(next() * 40)], targets[Math.floor(next() * 40)]];
      const label = { file: 'm.yaml', line: edge + 1, column: 1 };
      graph.setEdge(from, to, label);
      reference.setEdge(`#${from}`, `#${to}`, label);
    }
    expect(graph.nodes()).to.deep.equal(reference.nodes().map((id) => id.slice(1)));
    expect(graph.edges()).to.deep.equal(reference.edges().map((edge) => ({ v: edge.v.slice(1), w: edge.w.slice(1) })));
    for (const from of sources) {
      expect(graph.successors(from)).to.deep.equal((reference.successors(`#${from}`) ?? []).map((id) => id.slice(1)));
      for (const to of targets) {
        expect(graph.hasEdge(from, to)).to.equal(reference.hasEdge(`#${from}`, `#${to}`));
        expect(graph.edge(from, to)).to.equal(reference.edge(`#${from}`, `#${to}`));
      }
    }
    for (const to of targets)
      expect(graph.predecessors(to)).to.deep.equal((reference.predecessors(`#${to}`) ?? []).map((id) => id.slice(1)));
    expect(graph.addEdgeBetweenNodes('s0', 'nowhere')).to.equal(false);
    expect(graph.hasNode('nowhere')).to.equal(false);
  });

  it('finds no cycle where there is none, and every kind of cycle where there is one', () => {
    const chain = new DependencyGraph();
    for (let index = 1; index < 20_000; index++) chain.setEdge(`n${index - 1}`, `n${index}`);
    expect(topologicalOrder(chain)).to.have.length(20_000);
    const loop = new DependencyGraph().setEdge('a', 'a');
    expect(() => topologicalOrder(loop)).to.throw(alg.CycleException);
    // A cycle no node without dependents leads to (every node of it has a dependent).
    const ring = new DependencyGraph().setEdge('a', 'b').setEdge('b', 'a').setNode('c');
    expect(() => topologicalOrder(ring)).to.throw(alg.CycleException);
  });

  it('finds the components graphlib finds, in its order, on random graphs with cycles', () => {
    let state = 29;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 60; round++) {
      const graph = new DependencyGraph();
      const reference = new Graph({ directed: true });
      const size = 2 + Math.floor(next() * 20);
      for (let node = 0; node < size; node++) {
        graph.setNode(`n${node}`);
        reference.setNode(`n${node}`);
      }
      for (let edge = 0; edge < size * 1.5; edge++) {
        const [from, to] = [`n${Math.floor(next() * size)}`, `n${Math.floor(next() * size)}`];
        graph.setEdge(from, to);
        reference.setEdge(from, to);
      }
      expect(graph.stronglyConnected()).to.deep.equal(alg.tarjan(reference));
      expect(graph.preorder('n0')).to.deep.equal(alg.preorder(reference, ['n0']));
    }
  });

  it('walks a cycle and a chain of 20,000 blocks without recursion (graphlib overflowed the stack at about 5,000)', () => {
    const ring = new DependencyGraph();
    for (let index = 0; index < 20_000; index++) ring.setEdge(`n${index}`, `n${(index + 1) % 20_000}`);
    const components = ring.stronglyConnected();
    expect(components).to.have.length(1);
    expect(components[0]).to.have.length(20_000);
    expect(() => topologicalOrder(ring)).to.throw(alg.CycleException);
    const chain = new DependencyGraph();
    for (let index = 1; index < 20_000; index++) chain.setEdge(`n${index - 1}`, `n${index}`);
    expect(dependentsOf(chain, 'n0')).to.have.length(19_999);
    expect(chain.stronglyConnected()).to.have.length(20_000);
  });
});
