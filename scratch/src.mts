const keypair = (name: string, lines: string) => `  ${name}:\n    type: cloud_lite_keypair\n${lines}`;
const source = `variables:
  sizes: { default: { eu: { disk: 40 }, us: { disk: 60 } } }
  keys: { default: 2 }
data:
  products: { type: cloud_lite_products, count: 2 }
resources:
${keypair('key', '    count: ${var.keys}\n    properties: { name: "key-${count.index}" }\n')}${keypair('named', '    for_each: ${var.sizes}\n    properties: { name: "${each.key}-${each.value.disk}" }\n    depends_on: [key]\n')}${keypair('listed', '    for_each: [b, a]\n    properties: { name: "${each.value}" }\n')}${keypair('plain', '    properties: { name: "${named["eu"].name}" }\n')}outputs:
  names: \${named[*].name}
`;
console.log(source.split('\n').map((l,i)=>`${i+1} ${l}`).join('\n'));
