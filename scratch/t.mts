import { loadManifest } from '/work/wt/repeat/src/manifest/index.js';
try {
const l = await loadManifest(process.argv[2]);
for (const b of Object.values(l.manifest.resources)) console.log(b.address, b.name, JSON.stringify(b.instance), JSON.stringify(Object.fromEntries(Object.entries(b.properties).map(([k,v])=>[k, v.kind==='literal'?v.value: v.kind==='reference'? v.reference.text : v.kind]))));
console.log(JSON.stringify(l.manifest.outputs.ids.value).slice(0,300));
console.log(l.graph.edges());
} catch (e) { console.log(String(e)); }
