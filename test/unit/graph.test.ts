/** The dependency graph: edges, order, reverse order and cycles. */
import { expect } from 'chai';
import {
  buildDependencyGraph,
  dependenciesOf,
  dependentsOf,
  findCycleDiagnostics,
  graphFromDependencies,
  reverseTopologicalOrder,
  topologicalOrder,
} from '../../src/manifest/graph.js';
import { parseManifest } from '../../src/manifest/parse.js';
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
});
