/**
 * The manifest JSON Schema validator, compiled ahead of time: ajv standalone
 * code generated from the resource catalogue by scripts/generate-schema.ts
 * and turned into a function by `instantiateSchemaValidator`
 * (schema-validator.ts). Do not edit; run npx tsx scripts/generate-schema.ts.
 */

/** What `code` was compiled from (`schemaFingerprint`). */
export const fingerprint = "1a804b34a6b16f764c8387d480d6d979c40de046f7205febc475d8e2a30f9589";

/** ajv standalone code (CommonJS: sets `module.exports`; requires ajv's run-time helpers). */
export const code = `"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"cloudctl manifest","description":"A cloudctl manifest: variables, data sources, resources and outputs. Generated from the resource catalogue; do not edit.","type":"object","additionalProperties":false,"properties":{"provider":{"type":["object","null"],"additionalProperties":false,"properties":{"base_url":{"type":"string","pattern":"^https?://","description":"API base URL; without it cloudctl runs the embedded simulator."},"baseUrl":{"type":"string","pattern":"^https?://","description":"API base URL; without it cloudctl runs the embedded simulator."},"poll_interval":{"description":"Seconds between status polls: a number or a duration such as \\"2s\\".","anyOf":[{"type":"number","exclusiveMinimum":0},{"type":"string","pattern":"^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"}]},"pollInterval":{"description":"Seconds between status polls: a number or a duration such as \\"2s\\".","anyOf":[{"type":"number","exclusiveMinimum":0},{"type":"string","pattern":"^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"}]}}},"variables":{"type":["object","null"],"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_-]*$"},"additionalProperties":{"$ref":"#/definitions/variable"}},"data":{"type":["object","null"],"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_-]*$"},"additionalProperties":{"$ref":"#/definitions/data"}},"resources":{"type":["object","null"],"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_-]*$","not":{"enum":["data","var"]}},"additionalProperties":{"$ref":"#/definitions/resource"}},"outputs":{"type":["object","null"],"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_-]*$"},"additionalProperties":{"$ref":"#/definitions/output"}},"budget":{"type":["object","null"],"additionalProperties":false,"description":"What a plan may cost: a plan over it is an error unless --allow-over-budget is given.","properties":{"monthly_limit":{"type":"integer","minimum":1,"description":"Most the managed resources may bill per month after the plan, in the account currency."},"monthlyLimit":{"type":"integer","minimum":1,"description":"Most the managed resources may bill per month after the plan, in the account currency."},"max_orders_per_apply":{"type":"integer","minimum":0,"description":"Most paid orders one plan may place."},"maxOrdersPerApply":{"type":"integer","minimum":0,"description":"Most paid orders one plan may place."}}}},"definitions":{"reference":{"type":"string","pattern":"\\\\$\\\\{","description":"A \${...} reference (web.id, data.os.oss[0].name, var.cycle) or a text containing references."},"depends_on":{"type":["array","null"],"description":"Addresses this block waits for besides its references: \`name\` or \`data.name\`.","items":{"type":"string","pattern":"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"}},"lifecycle":{"type":["object","null"],"additionalProperties":false,"properties":{"prevent_destroy":{"type":"boolean","description":"Refuse any plan that destroys this resource."},"preventDestroy":{"type":"boolean","description":"Refuse any plan that destroys this resource."},"ignore_changes":{"description":"Attributes whose manifest changes are ignored, or \`all\`.","anyOf":[{"type":"string","enum":["all"]},{"type":"array","items":{"type":"string"}}]},"ignoreChanges":{"description":"Attributes whose manifest changes are ignored, or \`all\`.","anyOf":[{"type":"string","enum":["all"]},{"type":"array","items":{"type":"string"}}]}}},"variable":{"type":"object","additionalProperties":false,"properties":{"env":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","description":"Environment variable that gives the value (wins over the default)."},"default":{"description":"Value when the environment variable is not set."},"sensitive":{"type":"boolean","description":"Hide the value and everything derived from it."},"description":{"type":"string"}}},"output":{"not":{"type":"null"},"description":"A value (usually a \${...} reference), or { value, sensitive, description }.","if":{"type":"object","required":["value"]},"then":{"type":"object","additionalProperties":false,"properties":{"value":{"description":"The output value."},"sensitive":{"type":"boolean"},"description":{"type":"string"}}}},"resource":{"type":"object","description":"A managed resource.","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","description":"Resource type: canonical name (cloud_lite_vm), short alias (lite_vm) or Pulumi token (cloud:index:LiteVm).","enum":["cloud_lite_keypair","lite_keypair","cloud:index:LiteKeypair","cloud_lite_vm","lite_vm","cloud:index:LiteVm","cloud_lite_snapshot","lite_snapshot","cloud:index:LiteSnapshot","cloud_lite_vm_from_snapshot","lite_vm_from_snapshot","cloud:index:LiteVmFromSnapshot","cloud_lite_disk","lite_disk","cloud:index:LiteDisk","cloud_lite_pro_keypair","lite_pro_keypair","cloud:index:LiteProKeypair","cloud_lite_pro_vm","lite_pro_vm","cloud:index:LiteProVm","cloud_lite_pro_snapshot","lite_pro_snapshot","cloud:index:LiteProSnapshot","cloud_lite_pro_disk","lite_pro_disk","cloud:index:LiteProDisk","cloud_baremetal_keypair","baremetal_keypair","cloud:index:BaremetalKeypair","cloud_baremetal","baremetal","cloud:index:Baremetal","cloud_baremetal_additional_ip","baremetal_additional_ip","cloud:index:BaremetalAdditionalIp","cloud_baremetal_additional_ip_assignment","baremetal_additional_ip_assignment","cloud:index:BaremetalAdditionalIpAssignment","cloud_baremetal_elastic_storage","baremetal_elastic_storage","cloud:index:BaremetalElasticStorage"]},"properties":{"type":["object","null"],"description":"Attribute values, in snake_case or camelCase. Any value may be a \${...} reference."},"depends_on":{"$ref":"#/definitions/depends_on"},"dependsOn":{"$ref":"#/definitions/depends_on"},"lifecycle":{"$ref":"#/definitions/lifecycle"}},"allOf":[{"if":{"properties":{"type":{"enum":["cloud_lite_keypair","lite_keypair","cloud:index:LiteKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_vm","lite_vm","cloud:index:LiteVm"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_vm"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_snapshot","lite_snapshot","cloud:index:LiteSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_vm_from_snapshot","lite_vm_from_snapshot","cloud:index:LiteVmFromSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_vm_from_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_disk","lite_disk","cloud:index:LiteDisk"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_disk"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_keypair","lite_pro_keypair","cloud:index:LiteProKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_vm","lite_pro_vm","cloud:index:LiteProVm"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_vm"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_snapshot","lite_pro_snapshot","cloud:index:LiteProSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_disk","lite_pro_disk","cloud:index:LiteProDisk"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_disk"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_keypair","baremetal_keypair","cloud:index:BaremetalKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal","baremetal","cloud:index:Baremetal"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip","baremetal_additional_ip","cloud:index:BaremetalAdditionalIp"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_additional_ip"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_assignment","baremetal_additional_ip_assignment","cloud:index:BaremetalAdditionalIpAssignment"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_additional_ip_assignment"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_elastic_storage","baremetal_elastic_storage","cloud:index:BaremetalElasticStorage"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_elastic_storage"}},"required":["properties"]}}]},"data":{"type":"object","description":"A data source, read on every plan.","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","description":"Data source type: canonical name (cloud_lite_os_list), short alias or Pulumi function name.","enum":["cloud_lite_products","lite_products","getLiteProducts","cloud:index:liteProducts","cloud_lite_os_list","lite_os_list","getLiteOsList","cloud:index:liteOsList","cloud_lite_ip_availability","lite_ip_availability","getLiteIpAvailability","cloud:index:liteIpAvailability","cloud_lite_change_package_options","lite_change_package_options","getLiteChangePackageOptions","cloud:index:liteChangePackageOptions","cloud_lite_storage_upgrade_options","lite_storage_upgrade_options","getLiteStorageUpgradeOptions","cloud:index:liteStorageUpgradeOptions","cloud_lite_snapshot_products","lite_snapshot_products","getLiteSnapshotProducts","cloud:index:liteSnapshotProducts","cloud_lite_disk_products","lite_disk_products","getLiteDiskProducts","cloud:index:liteDiskProducts","cloud_lite_pro_products","lite_pro_products","getLiteProProducts","cloud:index:liteProProducts","cloud_lite_pro_os_list","lite_pro_os_list","getLiteProOsList","cloud:index:liteProOsList","cloud_lite_pro_ip_availability","lite_pro_ip_availability","getLiteProIpAvailability","cloud:index:liteProIpAvailability","cloud_lite_pro_change_package_options","lite_pro_change_package_options","getLiteProChangePackageOptions","cloud:index:liteProChangePackageOptions","cloud_lite_pro_storage_upgrade_options","lite_pro_storage_upgrade_options","getLiteProStorageUpgradeOptions","cloud:index:liteProStorageUpgradeOptions","cloud_lite_pro_snapshot_products","lite_pro_snapshot_products","getLiteProSnapshotProducts","cloud:index:liteProSnapshotProducts","cloud_lite_pro_disk_products","lite_pro_disk_products","getLiteProDiskProducts","cloud:index:liteProDiskProducts","cloud_baremetal_products","baremetal_products","getBaremetalProducts","cloud:index:baremetalProducts","cloud_baremetal_rebuild_os_list","baremetal_rebuild_os_list","getBaremetalRebuildOsList","cloud:index:baremetalRebuildOsList","cloud_baremetal_openvpn","baremetal_openvpn","getBaremetalOpenvpn","cloud:index:baremetalOpenvpn","cloud_baremetal_additional_ip_products","baremetal_additional_ip_products","getBaremetalAdditionalIpProducts","cloud:index:baremetalAdditionalIpProducts","cloud_baremetal_additional_ip_regions","baremetal_additional_ip_regions","getBaremetalAdditionalIpRegions","cloud:index:baremetalAdditionalIpRegions","cloud_baremetal_elastic_storage_products","baremetal_elastic_storage_products","getBaremetalElasticStorageProducts","cloud:index:baremetalElasticStorageProducts"]},"properties":{"type":["object","null"],"description":"Attribute values, in snake_case or camelCase. Any value may be a \${...} reference."},"depends_on":{"$ref":"#/definitions/depends_on"},"dependsOn":{"$ref":"#/definitions/depends_on"}},"allOf":[{"if":{"properties":{"type":{"enum":["cloud_lite_products","lite_products","getLiteProducts","cloud:index:liteProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_os_list","lite_os_list","getLiteOsList","cloud:index:liteOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_ip_availability","lite_ip_availability","getLiteIpAvailability","cloud:index:liteIpAvailability"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_ip_availability"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_change_package_options","lite_change_package_options","getLiteChangePackageOptions","cloud:index:liteChangePackageOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_change_package_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_storage_upgrade_options","lite_storage_upgrade_options","getLiteStorageUpgradeOptions","cloud:index:liteStorageUpgradeOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_storage_upgrade_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_snapshot_products","lite_snapshot_products","getLiteSnapshotProducts","cloud:index:liteSnapshotProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_snapshot_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_disk_products","lite_disk_products","getLiteDiskProducts","cloud:index:liteDiskProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_disk_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_products","lite_pro_products","getLiteProProducts","cloud:index:liteProProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_os_list","lite_pro_os_list","getLiteProOsList","cloud:index:liteProOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_ip_availability","lite_pro_ip_availability","getLiteProIpAvailability","cloud:index:liteProIpAvailability"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_ip_availability"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_change_package_options","lite_pro_change_package_options","getLiteProChangePackageOptions","cloud:index:liteProChangePackageOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_change_package_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_storage_upgrade_options","lite_pro_storage_upgrade_options","getLiteProStorageUpgradeOptions","cloud:index:liteProStorageUpgradeOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_storage_upgrade_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_snapshot_products","lite_pro_snapshot_products","getLiteProSnapshotProducts","cloud:index:liteProSnapshotProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_snapshot_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_disk_products","lite_pro_disk_products","getLiteProDiskProducts","cloud:index:liteProDiskProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_disk_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_products","baremetal_products","getBaremetalProducts","cloud:index:baremetalProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_rebuild_os_list","baremetal_rebuild_os_list","getBaremetalRebuildOsList","cloud:index:baremetalRebuildOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_rebuild_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_openvpn","baremetal_openvpn","getBaremetalOpenvpn","cloud:index:baremetalOpenvpn"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_openvpn"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_products","baremetal_additional_ip_products","getBaremetalAdditionalIpProducts","cloud:index:baremetalAdditionalIpProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_additional_ip_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_regions","baremetal_additional_ip_regions","getBaremetalAdditionalIpRegions","cloud:index:baremetalAdditionalIpRegions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_additional_ip_regions"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_elastic_storage_products","baremetal_elastic_storage_products","getBaremetalElasticStorageProducts","cloud:index:baremetalElasticStorageProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_elastic_storage_products"}}}}]},"resource:cloud_lite_keypair":{"type":"object","description":"An SSH keypair in the lite pool, generated server-side. Usable only by lite VMs.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]},"resource:cloud_lite_vm":{"type":"object","description":"A lite KVM VPS. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) from the lite products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) from the lite products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image name from the lite OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image name from the lite OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair from the lite pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair from the lite pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"vm_name":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"vmName":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the VM. Create-only.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"disk_size":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"diskSize":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]},"migrate_to_pro":{"description":"One-shot paid migration to lite pro; the value is the lite pro \`product_id\`.","anyOf":[{"type":"string","pattern":"^[0-9]+$"},{"$ref":"#/definitions/reference"}]},"migrateToPro":{"description":"One-shot paid migration to lite pro; the value is the lite pro \`product_id\`.","anyOf":[{"type":"string","pattern":"^[0-9]+$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["select_os"]},{"required":["selectOs"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]},"resource:cloud_lite_snapshot":{"type":"object","description":"A paid snapshot of one lite VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.","properties":{"lite_account_id":{"description":"Account id of the lite VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"name":{"description":"Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.","default":"snapshot-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the snapshot. A change recreates the snapshot.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the snapshot order. A change recreates the snapshot.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]},"resource:cloud_lite_vm_from_snapshot":{"type":"object","description":"A new lite VM restored from a snapshot (a paid order). Ordering it waits until it is \`Active\`; any change recreates it. Deleting it deletes the new VM only, never the snapshot.","properties":{"snapshot_id":{"description":"Account id of the lite snapshot to restore from. A change recreates the VM. The snapshot itself is never deleted.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"snapshotId":{"description":"Account id of the lite snapshot to restore from. A change recreates the VM. The snapshot itself is never deleted.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) of the new VM from the lite products catalog. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) of the new VM from the lite products catalog. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair of the new VM, from the lite pool. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair of the new VM, from the lite pool. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"name":{"description":"Name of the new VM, 6 to 16 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. A change recreates the VM. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. A change recreates the VM. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the new VM. A change recreates the VM.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the restore order. A change recreates the VM.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the restore order's invoice with the card on file; \`false\` leaves it unpaid and the VM \`Pending\`. A change recreates the VM.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the restore order's invoice with the card on file; \`false\` leaves it unpaid and the VM \`Pending\`. A change recreates the VM.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle","name"],"allOf":[{"anyOf":[{"required":["snapshot_id"]},{"required":["snapshotId"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]},{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]}]},"resource:cloud_lite_disk":{"type":"object","description":"An extra disk attached to one lite VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.","properties":{"product_id":{"description":"Disk product from GET /lites/disks/products (the \`cloud_lite_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Disk product from GET /lites/disks/products (the \`cloud_lite_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"lite_account_id":{"description":"Account id of the lite VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"service_name":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"serviceName":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"size":{"description":"Disk size in GB, at least 60; grow-only. An increase places a paid upgrade order for the difference.","default":60,"anyOf":[{"type":"integer","minimum":60},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the disk order. A change recreates the disk.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]},"data:cloud_lite_products":{"type":"object","description":"The lite VM products catalog (GET /lites/products).","properties":{},"additionalProperties":false},"data:cloud_lite_os_list":{"type":"object","description":"OS images available for one lite product (GET /lites/products/%7Bproduct_id%7D/oss).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]},"data:cloud_lite_ip_availability":{"type":"object","description":"Public-IP availability for one lite product (GET /lites/products/%7Bproduct_id%7D/ip-availability).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]},"data:cloud_lite_change_package_options":{"type":"object","description":"Target packages and prices for changing the package of one lite VM (GET /lites/accounts/%7Baccount_id%7D/change-package).","properties":{"account_id":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]},"data:cloud_lite_storage_upgrade_options":{"type":"object","description":"Per-GB storage upgrade pricing of one lite VM (GET /lites/accounts/%7Baccount_id%7D/storage).","properties":{"account_id":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]},"data:cloud_lite_snapshot_products":{"type":"object","description":"The lite snapshot products catalog (GET /lites/snapshots/products).","properties":{},"additionalProperties":false},"data:cloud_lite_disk_products":{"type":"object","description":"The lite extra-disk products catalog (GET /lites/disks/products).","properties":{},"additionalProperties":false},"resource:cloud_lite_pro_keypair":{"type":"object","description":"An SSH keypair in the lite pro pool, generated server-side. Usable only by lite pro VMs.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]},"resource:cloud_lite_pro_vm":{"type":"object","description":"A lite pro KVM VPS. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) from the lite pro products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) from the lite pro products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image name from the lite pro OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image name from the lite pro OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair from the lite pro pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair from the lite pro pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"vm_name":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"vmName":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the VM. Create-only.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"disk_size":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"diskSize":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["select_os"]},{"required":["selectOs"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]},"resource:cloud_lite_pro_snapshot":{"type":"object","description":"A paid snapshot of one lite pro VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.","properties":{"lite_account_id":{"description":"Account id of the lite pro VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite pro VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"name":{"description":"Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.","default":"snapshot-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the snapshot. A change recreates the snapshot.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the snapshot order. A change recreates the snapshot.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]},"resource:cloud_lite_pro_disk":{"type":"object","description":"An extra disk attached to one lite pro VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.","properties":{"product_id":{"description":"Disk product from GET /lite-pros/disks/products (the \`cloud_lite_pro_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Disk product from GET /lite-pros/disks/products (the \`cloud_lite_pro_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"lite_account_id":{"description":"Account id of the lite pro VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite pro VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"service_name":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"serviceName":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"size":{"description":"Disk size in GB, at least 30; grow-only. An increase places a paid upgrade order for the difference.","default":30,"anyOf":[{"type":"integer","minimum":30},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the disk order. A change recreates the disk.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]},"data:cloud_lite_pro_products":{"type":"object","description":"The lite pro VM products catalog (GET /lite-pros/products).","properties":{},"additionalProperties":false},"data:cloud_lite_pro_os_list":{"type":"object","description":"OS images available for one lite pro product (GET /lite-pros/products/%7Bproduct_id%7D/oss).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]},"data:cloud_lite_pro_ip_availability":{"type":"object","description":"Public-IP availability for one lite pro product (GET /lite-pros/products/%7Bproduct_id%7D/ip-availability).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]},"data:cloud_lite_pro_change_package_options":{"type":"object","description":"Target packages and prices for changing the package of one lite pro VM (GET /lite-pros/accounts/%7Baccount_id%7D/change-package).","properties":{"account_id":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]},"data:cloud_lite_pro_storage_upgrade_options":{"type":"object","description":"Per-GB storage upgrade pricing of one lite pro VM (GET /lite-pros/accounts/%7Baccount_id%7D/storage).","properties":{"account_id":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]},"data:cloud_lite_pro_snapshot_products":{"type":"object","description":"The lite pro snapshot products catalog (GET /lite-pros/snapshots/products).","properties":{},"additionalProperties":false},"data:cloud_lite_pro_disk_products":{"type":"object","description":"The lite pro extra-disk products catalog (GET /lite-pros/disks/products).","properties":{},"additionalProperties":false},"resource:cloud_baremetal_keypair":{"type":"object","description":"An SSH keypair in the bare-metal pool, generated server-side or imported from a public key. Usable only by bare-metal servers.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string","minLength":1},{"$ref":"#/definitions/reference"}]},"public_key":{"description":"OpenSSH public key to import. When it is omitted the pair is generated server-side and this holds the generated public key. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"publicKey":{"description":"OpenSSH public key to import. When it is omitted the pair is generated server-side and this holds the generated public key. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]},"resource:cloud_baremetal":{"type":"object","description":"A dedicated bare-metal server. Ordering it places a paid order and waits until it is \`Active\`; label, power state, reset and OS rebuild are managed in place.","properties":{"product_id":{"description":"Product (server model) from the \`cloud_baremetal_products\` catalog. Create-only: there is no resize operation.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (server model) from the \`cloud_baremetal_products\` catalog. Create-only: there is no resize operation.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image installed at order time. Create-only: install another OS with \`rebuild_os\`. Refresh keeps the ordered value, so a rebuild does not make it drift; an import takes it from the service.","default":"ubuntu-22","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image installed at order time. Create-only: install another OS with \`rebuild_os\`. Refresh keeps the ordered value, so a rebuild does not make it drift; an import takes it from the service.","default":"ubuntu-22","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"SSH keypair from the bare-metal pool (\`cloud_baremetal_keypair\`) installed at order time. Create-only. Refresh keeps the ordered value; an import takes it from the service when reported.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"SSH keypair from the bare-metal pool (\`cloud_baremetal_keypair\`) installed at order time. Create-only. Refresh keeps the ordered value; an import takes it from the service when reported.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"label":{"description":"Display name of the server, 1 to 16 characters. The only input updated in place.","anyOf":[{"type":"string","minLength":1,"maxLength":16},{"$ref":"#/definitions/reference"}]},"public_ip":{"description":"Number of public IPv4 addresses ordered with the server. Create-only; the API never returns it.","default":1,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"publicIp":{"description":"Number of public IPv4 addresses ordered with the server. Create-only; the API never returns it.","default":1,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state, \`on\` or \`off\`. The power operation is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["on","off"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state, \`on\` or \`off\`. The power operation is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["on","off"]},{"$ref":"#/definitions/reference"}]},"reset_trigger":{"description":"One-shot hardware reset: a new non-empty value resets the server once; removing the value does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"resetTrigger":{"description":"One-shot hardware reset: a new non-empty value resets the server once; removing the value does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again and removing it does nothing. Valid values come from \`cloud_baremetal_rebuild_os_list\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again and removing it does nothing. Valid values come from \`cloud_baremetal_rebuild_os_list\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle","label"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]},"resource:cloud_baremetal_additional_ip":{"type":"object","description":"An additional (floating) public IPv4 address, ordered independently of any server. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"product_id":{"description":"Product from the \`cloud_baremetal_additional_ip_products\` catalog. Changing it recreates the address.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product from the \`cloud_baremetal_additional_ip_products\` catalog. Changing it recreates the address.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"region":{"description":"Region of the address, one of \`cloud_baremetal_additional_ip_regions\`. Changing it recreates the address. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","default":"wjv-1","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]},"resource:cloud_baremetal_additional_ip_assignment":{"type":"object","description":"Attaches an additional IP to a bare-metal server. Not a paid order. Moving the address to another server destroys and recreates the assignment.","properties":{"additional_ip_id":{"description":"Account id of the additional IP to attach (\`cloud_baremetal_additional_ip\`). Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"additionalIpId":{"description":"Account id of the additional IP to attach (\`cloud_baremetal_additional_ip\`). Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metal_account_id":{"description":"Account id of the bare-metal server that receives the address. Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metalAccountId":{"description":"Account id of the bare-metal server that receives the address. Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["additional_ip_id"]},{"required":["additionalIpId"]}]},{"anyOf":[{"required":["metal_account_id"]},{"required":["metalAccountId"]}]}]},"resource:cloud_baremetal_elastic_storage":{"type":"object","description":"An elastic block-storage volume bound permanently to one bare-metal server. Ordering it places a paid order and waits until it is \`Active\`; size growth and package changes are paid orders in place.","properties":{"product_id":{"description":"Product from the \`cloud_baremetal_elastic_storage_products\` catalog. A change places a paid change-package order.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product from the \`cloud_baremetal_elastic_storage_products\` catalog. A change places a paid change-package order.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"storage_name":{"description":"Name of the volume. Changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"string","minLength":1,"maxLength":64},{"$ref":"#/definitions/reference"}]},"storageName":{"description":"Name of the volume. Changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"string","minLength":1,"maxLength":64},{"$ref":"#/definitions/reference"}]},"metal_account_id":{"description":"Account id of the bare-metal server the volume is bound to. There is no re-attach operation: changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metalAccountId":{"description":"Account id of the bare-metal server the volume is bound to. There is no re-attach operation: changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"size":{"description":"Total size of the volume in GB; grow-only. An increase places a paid upgrade to the new total size.","default":100,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["storage_name"]},{"required":["storageName"]}]},{"anyOf":[{"required":["metal_account_id"]},{"required":["metalAccountId"]}]}]},"data:cloud_baremetal_products":{"type":"object","description":"The bare-metal server catalog (GET /baremetals/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal\`.","properties":{},"additionalProperties":false},"data:cloud_baremetal_rebuild_os_list":{"type":"object","description":"The OS images one bare-metal server can be rebuilt with (GET /baremetals/%7Baccount_id%7D/rebuild/oss); they are the valid values of \`rebuild_os\`.","properties":{"account_id":{"description":"Account id of the bare-metal server.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the bare-metal server.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]},"data:cloud_baremetal_openvpn":{"type":"object","description":"The account's out-of-band OpenVPN access configuration (GET /baremetals/openvpn).","properties":{},"additionalProperties":false},"data:cloud_baremetal_additional_ip_products":{"type":"object","description":"The additional IP catalog (GET /baremetal-additional-ips/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal_additional_ip\`.","properties":{},"additionalProperties":false},"data:cloud_baremetal_additional_ip_regions":{"type":"object","description":"The regions additional IPs can be ordered in (GET /baremetal-additional-ips/regions).","properties":{},"additionalProperties":false},"data:cloud_baremetal_elastic_storage_products":{"type":"object","description":"The elastic storage catalog (GET /baremetal-elastic-storages/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal_elastic_storage\`.","properties":{},"additionalProperties":false}}};
const schema12 = {"type":"object","additionalProperties":false,"properties":{"env":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","description":"Environment variable that gives the value (wins over the default)."},"default":{"description":"Value when the environment variable is not set."},"sensitive":{"type":"boolean","description":"Hide the value and everything derived from it."},"description":{"type":"string"}}};
const schema256 = {"not":{"type":"null"},"description":"A value (usually a \${...} reference), or { value, sensitive, description }.","if":{"type":"object","required":["value"]},"then":{"type":"object","additionalProperties":false,"properties":{"value":{"description":"The output value."},"sensitive":{"type":"boolean"},"description":{"type":"string"}}}};
const pattern0 = new RegExp("^https?://", "u");
const pattern2 = new RegExp("^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$", "u");
const pattern4 = new RegExp("^[A-Za-z_][A-Za-z0-9_-]*$", "u");
const pattern5 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
const schema13 = {"type":"object","description":"A data source, read on every plan.","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","description":"Data source type: canonical name (cloud_lite_os_list), short alias or Pulumi function name.","enum":["cloud_lite_products","lite_products","getLiteProducts","cloud:index:liteProducts","cloud_lite_os_list","lite_os_list","getLiteOsList","cloud:index:liteOsList","cloud_lite_ip_availability","lite_ip_availability","getLiteIpAvailability","cloud:index:liteIpAvailability","cloud_lite_change_package_options","lite_change_package_options","getLiteChangePackageOptions","cloud:index:liteChangePackageOptions","cloud_lite_storage_upgrade_options","lite_storage_upgrade_options","getLiteStorageUpgradeOptions","cloud:index:liteStorageUpgradeOptions","cloud_lite_snapshot_products","lite_snapshot_products","getLiteSnapshotProducts","cloud:index:liteSnapshotProducts","cloud_lite_disk_products","lite_disk_products","getLiteDiskProducts","cloud:index:liteDiskProducts","cloud_lite_pro_products","lite_pro_products","getLiteProProducts","cloud:index:liteProProducts","cloud_lite_pro_os_list","lite_pro_os_list","getLiteProOsList","cloud:index:liteProOsList","cloud_lite_pro_ip_availability","lite_pro_ip_availability","getLiteProIpAvailability","cloud:index:liteProIpAvailability","cloud_lite_pro_change_package_options","lite_pro_change_package_options","getLiteProChangePackageOptions","cloud:index:liteProChangePackageOptions","cloud_lite_pro_storage_upgrade_options","lite_pro_storage_upgrade_options","getLiteProStorageUpgradeOptions","cloud:index:liteProStorageUpgradeOptions","cloud_lite_pro_snapshot_products","lite_pro_snapshot_products","getLiteProSnapshotProducts","cloud:index:liteProSnapshotProducts","cloud_lite_pro_disk_products","lite_pro_disk_products","getLiteProDiskProducts","cloud:index:liteProDiskProducts","cloud_baremetal_products","baremetal_products","getBaremetalProducts","cloud:index:baremetalProducts","cloud_baremetal_rebuild_os_list","baremetal_rebuild_os_list","getBaremetalRebuildOsList","cloud:index:baremetalRebuildOsList","cloud_baremetal_openvpn","baremetal_openvpn","getBaremetalOpenvpn","cloud:index:baremetalOpenvpn","cloud_baremetal_additional_ip_products","baremetal_additional_ip_products","getBaremetalAdditionalIpProducts","cloud:index:baremetalAdditionalIpProducts","cloud_baremetal_additional_ip_regions","baremetal_additional_ip_regions","getBaremetalAdditionalIpRegions","cloud:index:baremetalAdditionalIpRegions","cloud_baremetal_elastic_storage_products","baremetal_elastic_storage_products","getBaremetalElasticStorageProducts","cloud:index:baremetalElasticStorageProducts"]},"properties":{"type":["object","null"],"description":"Attribute values, in snake_case or camelCase. Any value may be a \${...} reference."},"depends_on":{"$ref":"#/definitions/depends_on"},"dependsOn":{"$ref":"#/definitions/depends_on"}},"allOf":[{"if":{"properties":{"type":{"enum":["cloud_lite_products","lite_products","getLiteProducts","cloud:index:liteProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_os_list","lite_os_list","getLiteOsList","cloud:index:liteOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_ip_availability","lite_ip_availability","getLiteIpAvailability","cloud:index:liteIpAvailability"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_ip_availability"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_change_package_options","lite_change_package_options","getLiteChangePackageOptions","cloud:index:liteChangePackageOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_change_package_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_storage_upgrade_options","lite_storage_upgrade_options","getLiteStorageUpgradeOptions","cloud:index:liteStorageUpgradeOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_storage_upgrade_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_snapshot_products","lite_snapshot_products","getLiteSnapshotProducts","cloud:index:liteSnapshotProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_snapshot_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_disk_products","lite_disk_products","getLiteDiskProducts","cloud:index:liteDiskProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_disk_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_products","lite_pro_products","getLiteProProducts","cloud:index:liteProProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_os_list","lite_pro_os_list","getLiteProOsList","cloud:index:liteProOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_ip_availability","lite_pro_ip_availability","getLiteProIpAvailability","cloud:index:liteProIpAvailability"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_ip_availability"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_change_package_options","lite_pro_change_package_options","getLiteProChangePackageOptions","cloud:index:liteProChangePackageOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_change_package_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_storage_upgrade_options","lite_pro_storage_upgrade_options","getLiteProStorageUpgradeOptions","cloud:index:liteProStorageUpgradeOptions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_storage_upgrade_options"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_snapshot_products","lite_pro_snapshot_products","getLiteProSnapshotProducts","cloud:index:liteProSnapshotProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_snapshot_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_disk_products","lite_pro_disk_products","getLiteProDiskProducts","cloud:index:liteProDiskProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_lite_pro_disk_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_products","baremetal_products","getBaremetalProducts","cloud:index:baremetalProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_rebuild_os_list","baremetal_rebuild_os_list","getBaremetalRebuildOsList","cloud:index:baremetalRebuildOsList"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_rebuild_os_list"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_openvpn","baremetal_openvpn","getBaremetalOpenvpn","cloud:index:baremetalOpenvpn"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_openvpn"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_products","baremetal_additional_ip_products","getBaremetalAdditionalIpProducts","cloud:index:baremetalAdditionalIpProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_additional_ip_products"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_regions","baremetal_additional_ip_regions","getBaremetalAdditionalIpRegions","cloud:index:baremetalAdditionalIpRegions"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_additional_ip_regions"}}}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_elastic_storage_products","baremetal_elastic_storage_products","getBaremetalElasticStorageProducts","cloud:index:baremetalElasticStorageProducts"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/data:cloud_baremetal_elastic_storage_products"}}}}]};
const schema14 = {"type":"object","description":"The lite VM products catalog (GET /lites/products).","properties":{},"additionalProperties":false};
const schema27 = {"type":"object","description":"The lite snapshot products catalog (GET /lites/snapshots/products).","properties":{},"additionalProperties":false};
const schema28 = {"type":"object","description":"The lite extra-disk products catalog (GET /lites/disks/products).","properties":{},"additionalProperties":false};
const schema29 = {"type":"object","description":"The lite pro VM products catalog (GET /lite-pros/products).","properties":{},"additionalProperties":false};
const schema42 = {"type":"object","description":"The lite pro snapshot products catalog (GET /lite-pros/snapshots/products).","properties":{},"additionalProperties":false};
const schema43 = {"type":"object","description":"The lite pro extra-disk products catalog (GET /lite-pros/disks/products).","properties":{},"additionalProperties":false};
const schema44 = {"type":"object","description":"The bare-metal server catalog (GET /baremetals/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal\`.","properties":{},"additionalProperties":false};
const schema48 = {"type":"object","description":"The account's out-of-band OpenVPN access configuration (GET /baremetals/openvpn).","properties":{},"additionalProperties":false};
const schema49 = {"type":"object","description":"The additional IP catalog (GET /baremetal-additional-ips/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal_additional_ip\`.","properties":{},"additionalProperties":false};
const schema50 = {"type":"object","description":"The regions additional IPs can be ordered in (GET /baremetal-additional-ips/regions).","properties":{},"additionalProperties":false};
const schema51 = {"type":"object","description":"The elastic storage catalog (GET /baremetal-elastic-storages/products). Its \`product_id\` values feed \`product_id\` of \`cloud_baremetal_elastic_storage\`.","properties":{},"additionalProperties":false};
const schema52 = {"type":["array","null"],"description":"Addresses this block waits for besides its references: \`name\` or \`data.name\`.","items":{"type":"string","pattern":"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"}};
const schema15 = {"type":"object","description":"OS images available for one lite product (GET /lites/products/%7Bproduct_id%7D/oss).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]};
const schema16 = {"type":"string","pattern":"\\\\$\\\\{","description":"A \${...} reference (web.id, data.os.oss[0].name, var.cycle) or a text containing references."};
const pattern7 = new RegExp("\\\\$\\\\{", "u");

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "product_id") || (key0 === "productId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}

const schema18 = {"type":"object","description":"Public-IP availability for one lite product (GET /lites/products/%7Bproduct_id%7D/ip-availability).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "product_id") || (key0 === "productId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}

const schema21 = {"type":"object","description":"Target packages and prices for changing the package of one lite VM (GET /lites/accounts/%7Baccount_id%7D/change-package).","properties":{"account_id":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "account_id"},message:"must have required property '"+"account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.accountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "accountId"},message:"must have required property '"+"accountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "account_id") || (key0 === "accountId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.account_id !== undefined){
let data0 = data.account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.accountId !== undefined){
let data1 = data.accountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}

const schema24 = {"type":"object","description":"Per-GB storage upgrade pricing of one lite VM (GET /lites/accounts/%7Baccount_id%7D/storage).","properties":{"account_id":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "account_id"},message:"must have required property '"+"account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.accountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "accountId"},message:"must have required property '"+"accountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "account_id") || (key0 === "accountId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.account_id !== undefined){
let data0 = data.account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.accountId !== undefined){
let data1 = data.accountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate18.errors = vErrors;
return errors === 0;
}

const schema30 = {"type":"object","description":"OS images available for one lite pro product (GET /lite-pros/products/%7Bproduct_id%7D/oss).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "product_id") || (key0 === "productId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}

const schema33 = {"type":"object","description":"Public-IP availability for one lite pro product (GET /lite-pros/products/%7Bproduct_id%7D/ip-availability).","properties":{"product_id":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Id of the product to look up, from the products data source.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "product_id") || (key0 === "productId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}

const schema36 = {"type":"object","description":"Target packages and prices for changing the package of one lite pro VM (GET /lite-pros/accounts/%7Baccount_id%7D/change-package).","properties":{"account_id":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "account_id"},message:"must have required property '"+"account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.accountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "accountId"},message:"must have required property '"+"accountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "account_id") || (key0 === "accountId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.account_id !== undefined){
let data0 = data.account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.accountId !== undefined){
let data1 = data.accountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}

const schema39 = {"type":"object","description":"Per-GB storage upgrade pricing of one lite pro VM (GET /lite-pros/accounts/%7Baccount_id%7D/storage).","properties":{"account_id":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the lite pro VM the options are for.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "account_id"},message:"must have required property '"+"account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.accountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "accountId"},message:"must have required property '"+"accountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "account_id") || (key0 === "accountId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.account_id !== undefined){
let data0 = data.account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err7 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.accountId !== undefined){
let data1 = data.accountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err9 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err11 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}

const schema45 = {"type":"object","description":"The OS images one bare-metal server can be rebuilt with (GET /baremetals/%7Baccount_id%7D/rebuild/oss); they are the valid values of \`rebuild_os\`.","properties":{"account_id":{"description":"Account id of the bare-metal server.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"accountId":{"description":"Account id of the bare-metal server.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["account_id"]},{"required":["accountId"]}]}]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "account_id"},message:"must have required property '"+"account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.accountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "accountId"},message:"must have required property '"+"accountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "account_id") || (key0 === "accountId"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.account_id !== undefined){
let data0 = data.account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err6 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err8 = {instancePath:instancePath+"/account_id",schemaPath:"#/properties/account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.accountId !== undefined){
let data1 = data.accountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err10 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err11 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/accountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err13 = {instancePath:instancePath+"/accountId",schemaPath:"#/properties/accountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err14 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}

const pattern25 = new RegExp("^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$", "u");

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.type === undefined) && (missing0 = "type")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.type !== undefined){
let data0 = data.type;
if(!((((data0 === "cloud_lite_products") || (data0 === "lite_products")) || (data0 === "getLiteProducts")) || (data0 === "cloud:index:liteProducts"))){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data1 = data.properties;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
for(const key0 in data1){
const err2 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs11 = errors;
let valid5 = true;
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.type === undefined) && (missing1 = "type")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.type !== undefined){
let data2 = data.type;
if(!((((data2 === "cloud_lite_os_list") || (data2 === "lite_os_list")) || (data2 === "getLiteOsList")) || (data2 === "cloud:index:liteOsList"))){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid1 = _errs12 === errors;
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs14 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err7 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate12(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
var _valid1 = _errs14 === errors;
valid5 = _valid1;
}
if(!valid5){
const err8 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs17 = errors;
let valid8 = true;
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.type === undefined) && (missing2 = "type")){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
if(data.type !== undefined){
let data4 = data.type;
if(!((((data4 === "cloud_lite_ip_availability") || (data4 === "lite_ip_availability")) || (data4 === "getLiteIpAvailability")) || (data4 === "cloud:index:liteIpAvailability"))){
const err10 = {};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
}
var _valid2 = _errs18 === errors;
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err11 = {instancePath,schemaPath:"#/allOf/2/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate14(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate14.errors : vErrors.concat(validate14.errors);
errors = vErrors.length;
}
}
}
var _valid2 = _errs20 === errors;
valid8 = _valid2;
}
if(!valid8){
const err12 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs23 = errors;
let valid11 = true;
const _errs24 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.type === undefined) && (missing3 = "type")){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
else {
if(data.type !== undefined){
let data6 = data.type;
if(!((((data6 === "cloud_lite_change_package_options") || (data6 === "lite_change_package_options")) || (data6 === "getLiteChangePackageOptions")) || (data6 === "cloud:index:liteChangePackageOptions"))){
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
var _valid3 = _errs24 === errors;
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs26 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err15 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate16(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate16.errors : vErrors.concat(validate16.errors);
errors = vErrors.length;
}
}
}
var _valid3 = _errs26 === errors;
valid11 = _valid3;
}
if(!valid11){
const err16 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs29 = errors;
let valid14 = true;
const _errs30 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.type === undefined) && (missing4 = "type")){
const err17 = {};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
if(data.type !== undefined){
let data8 = data.type;
if(!((((data8 === "cloud_lite_storage_upgrade_options") || (data8 === "lite_storage_upgrade_options")) || (data8 === "getLiteStorageUpgradeOptions")) || (data8 === "cloud:index:liteStorageUpgradeOptions"))){
const err18 = {};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
}
var _valid4 = _errs30 === errors;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs32 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err19 = {instancePath,schemaPath:"#/allOf/4/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate18(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate18.errors : vErrors.concat(validate18.errors);
errors = vErrors.length;
}
}
}
var _valid4 = _errs32 === errors;
valid14 = _valid4;
}
if(!valid14){
const err20 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs35 = errors;
let valid17 = true;
const _errs36 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((data.type === undefined) && (missing5 = "type")){
const err21 = {};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
if(data.type !== undefined){
let data10 = data.type;
if(!((((data10 === "cloud_lite_snapshot_products") || (data10 === "lite_snapshot_products")) || (data10 === "getLiteSnapshotProducts")) || (data10 === "cloud:index:liteSnapshotProducts"))){
const err22 = {};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
}
var _valid5 = _errs36 === errors;
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs38 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data11 = data.properties;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
const err23 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_snapshot_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_snapshot_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
var _valid5 = _errs38 === errors;
valid17 = _valid5;
}
if(!valid17){
const err25 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs44 = errors;
let valid21 = true;
const _errs45 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing6;
if((data.type === undefined) && (missing6 = "type")){
const err26 = {};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
else {
if(data.type !== undefined){
let data12 = data.type;
if(!((((data12 === "cloud_lite_disk_products") || (data12 === "lite_disk_products")) || (data12 === "getLiteDiskProducts")) || (data12 === "cloud:index:liteDiskProducts"))){
const err27 = {};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
}
var _valid6 = _errs45 === errors;
errors = _errs44;
if(vErrors !== null){
if(_errs44){
vErrors.length = _errs44;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs47 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data13 = data.properties;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key2 in data13){
const err28 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_disk_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_disk_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
var _valid6 = _errs47 === errors;
valid21 = _valid6;
}
if(!valid21){
const err30 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs53 = errors;
let valid25 = true;
const _errs54 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing7;
if((data.type === undefined) && (missing7 = "type")){
const err31 = {};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
if(data.type !== undefined){
let data14 = data.type;
if(!((((data14 === "cloud_lite_pro_products") || (data14 === "lite_pro_products")) || (data14 === "getLiteProProducts")) || (data14 === "cloud:index:liteProProducts"))){
const err32 = {};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
}
var _valid7 = _errs54 === errors;
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
if(_valid7){
const _errs56 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data15 = data.properties;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key3 in data15){
const err33 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
var _valid7 = _errs56 === errors;
valid25 = _valid7;
}
if(!valid25){
const err35 = {instancePath,schemaPath:"#/allOf/7/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs62 = errors;
let valid29 = true;
const _errs63 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing8;
if((data.type === undefined) && (missing8 = "type")){
const err36 = {};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
if(data.type !== undefined){
let data16 = data.type;
if(!((((data16 === "cloud_lite_pro_os_list") || (data16 === "lite_pro_os_list")) || (data16 === "getLiteProOsList")) || (data16 === "cloud:index:liteProOsList"))){
const err37 = {};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
}
var _valid8 = _errs63 === errors;
errors = _errs62;
if(vErrors !== null){
if(_errs62){
vErrors.length = _errs62;
}
else {
vErrors = null;
}
}
if(_valid8){
const _errs65 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err38 = {instancePath,schemaPath:"#/allOf/8/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate20(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
errors = vErrors.length;
}
}
}
var _valid8 = _errs65 === errors;
valid29 = _valid8;
}
if(!valid29){
const err39 = {instancePath,schemaPath:"#/allOf/8/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs68 = errors;
let valid32 = true;
const _errs69 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing9;
if((data.type === undefined) && (missing9 = "type")){
const err40 = {};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
if(data.type !== undefined){
let data18 = data.type;
if(!((((data18 === "cloud_lite_pro_ip_availability") || (data18 === "lite_pro_ip_availability")) || (data18 === "getLiteProIpAvailability")) || (data18 === "cloud:index:liteProIpAvailability"))){
const err41 = {};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
var _valid9 = _errs69 === errors;
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
if(_valid9){
const _errs71 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err42 = {instancePath,schemaPath:"#/allOf/9/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate22(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
}
var _valid9 = _errs71 === errors;
valid32 = _valid9;
}
if(!valid32){
const err43 = {instancePath,schemaPath:"#/allOf/9/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
const _errs74 = errors;
let valid35 = true;
const _errs75 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing10;
if((data.type === undefined) && (missing10 = "type")){
const err44 = {};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
else {
if(data.type !== undefined){
let data20 = data.type;
if(!((((data20 === "cloud_lite_pro_change_package_options") || (data20 === "lite_pro_change_package_options")) || (data20 === "getLiteProChangePackageOptions")) || (data20 === "cloud:index:liteProChangePackageOptions"))){
const err45 = {};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
}
var _valid10 = _errs75 === errors;
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
if(_valid10){
const _errs77 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err46 = {instancePath,schemaPath:"#/allOf/10/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate24(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
}
var _valid10 = _errs77 === errors;
valid35 = _valid10;
}
if(!valid35){
const err47 = {instancePath,schemaPath:"#/allOf/10/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
const _errs80 = errors;
let valid38 = true;
const _errs81 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing11;
if((data.type === undefined) && (missing11 = "type")){
const err48 = {};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
if(data.type !== undefined){
let data22 = data.type;
if(!((((data22 === "cloud_lite_pro_storage_upgrade_options") || (data22 === "lite_pro_storage_upgrade_options")) || (data22 === "getLiteProStorageUpgradeOptions")) || (data22 === "cloud:index:liteProStorageUpgradeOptions"))){
const err49 = {};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
}
var _valid11 = _errs81 === errors;
errors = _errs80;
if(vErrors !== null){
if(_errs80){
vErrors.length = _errs80;
}
else {
vErrors = null;
}
}
if(_valid11){
const _errs83 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err50 = {instancePath,schemaPath:"#/allOf/11/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate26(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
}
var _valid11 = _errs83 === errors;
valid38 = _valid11;
}
if(!valid38){
const err51 = {instancePath,schemaPath:"#/allOf/11/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
const _errs86 = errors;
let valid41 = true;
const _errs87 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing12;
if((data.type === undefined) && (missing12 = "type")){
const err52 = {};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
else {
if(data.type !== undefined){
let data24 = data.type;
if(!((((data24 === "cloud_lite_pro_snapshot_products") || (data24 === "lite_pro_snapshot_products")) || (data24 === "getLiteProSnapshotProducts")) || (data24 === "cloud:index:liteProSnapshotProducts"))){
const err53 = {};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
}
var _valid12 = _errs87 === errors;
errors = _errs86;
if(vErrors !== null){
if(_errs86){
vErrors.length = _errs86;
}
else {
vErrors = null;
}
}
if(_valid12){
const _errs89 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data25 = data.properties;
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
for(const key4 in data25){
const err54 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_snapshot_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_snapshot_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
var _valid12 = _errs89 === errors;
valid41 = _valid12;
}
if(!valid41){
const err56 = {instancePath,schemaPath:"#/allOf/12/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
const _errs95 = errors;
let valid45 = true;
const _errs96 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing13;
if((data.type === undefined) && (missing13 = "type")){
const err57 = {};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
else {
if(data.type !== undefined){
let data26 = data.type;
if(!((((data26 === "cloud_lite_pro_disk_products") || (data26 === "lite_pro_disk_products")) || (data26 === "getLiteProDiskProducts")) || (data26 === "cloud:index:liteProDiskProducts"))){
const err58 = {};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
}
var _valid13 = _errs96 === errors;
errors = _errs95;
if(vErrors !== null){
if(_errs95){
vErrors.length = _errs95;
}
else {
vErrors = null;
}
}
if(_valid13){
const _errs98 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data27 = data.properties;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
for(const key5 in data27){
const err59 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_disk_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_lite_pro_disk_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
var _valid13 = _errs98 === errors;
valid45 = _valid13;
}
if(!valid45){
const err61 = {instancePath,schemaPath:"#/allOf/13/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
const _errs104 = errors;
let valid49 = true;
const _errs105 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing14;
if((data.type === undefined) && (missing14 = "type")){
const err62 = {};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
else {
if(data.type !== undefined){
let data28 = data.type;
if(!((((data28 === "cloud_baremetal_products") || (data28 === "baremetal_products")) || (data28 === "getBaremetalProducts")) || (data28 === "cloud:index:baremetalProducts"))){
const err63 = {};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
}
var _valid14 = _errs105 === errors;
errors = _errs104;
if(vErrors !== null){
if(_errs104){
vErrors.length = _errs104;
}
else {
vErrors = null;
}
}
if(_valid14){
const _errs107 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data29 = data.properties;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
for(const key6 in data29){
const err64 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
var _valid14 = _errs107 === errors;
valid49 = _valid14;
}
if(!valid49){
const err66 = {instancePath,schemaPath:"#/allOf/14/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
const _errs113 = errors;
let valid53 = true;
const _errs114 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing15;
if((data.type === undefined) && (missing15 = "type")){
const err67 = {};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
else {
if(data.type !== undefined){
let data30 = data.type;
if(!((((data30 === "cloud_baremetal_rebuild_os_list") || (data30 === "baremetal_rebuild_os_list")) || (data30 === "getBaremetalRebuildOsList")) || (data30 === "cloud:index:baremetalRebuildOsList"))){
const err68 = {};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
}
var _valid15 = _errs114 === errors;
errors = _errs113;
if(vErrors !== null){
if(_errs113){
vErrors.length = _errs113;
}
else {
vErrors = null;
}
}
if(_valid15){
const _errs116 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err69 = {instancePath,schemaPath:"#/allOf/15/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate28(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
}
var _valid15 = _errs116 === errors;
valid53 = _valid15;
}
if(!valid53){
const err70 = {instancePath,schemaPath:"#/allOf/15/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
const _errs119 = errors;
let valid56 = true;
const _errs120 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing16;
if((data.type === undefined) && (missing16 = "type")){
const err71 = {};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
else {
if(data.type !== undefined){
let data32 = data.type;
if(!((((data32 === "cloud_baremetal_openvpn") || (data32 === "baremetal_openvpn")) || (data32 === "getBaremetalOpenvpn")) || (data32 === "cloud:index:baremetalOpenvpn"))){
const err72 = {};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
}
var _valid16 = _errs120 === errors;
errors = _errs119;
if(vErrors !== null){
if(_errs119){
vErrors.length = _errs119;
}
else {
vErrors = null;
}
}
if(_valid16){
const _errs122 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data33 = data.properties;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
for(const key7 in data33){
const err73 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_openvpn/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_openvpn/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
var _valid16 = _errs122 === errors;
valid56 = _valid16;
}
if(!valid56){
const err75 = {instancePath,schemaPath:"#/allOf/16/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
const _errs128 = errors;
let valid60 = true;
const _errs129 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing17;
if((data.type === undefined) && (missing17 = "type")){
const err76 = {};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
else {
if(data.type !== undefined){
let data34 = data.type;
if(!((((data34 === "cloud_baremetal_additional_ip_products") || (data34 === "baremetal_additional_ip_products")) || (data34 === "getBaremetalAdditionalIpProducts")) || (data34 === "cloud:index:baremetalAdditionalIpProducts"))){
const err77 = {};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
}
var _valid17 = _errs129 === errors;
errors = _errs128;
if(vErrors !== null){
if(_errs128){
vErrors.length = _errs128;
}
else {
vErrors = null;
}
}
if(_valid17){
const _errs131 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data35 = data.properties;
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
for(const key8 in data35){
const err78 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_additional_ip_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_additional_ip_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
var _valid17 = _errs131 === errors;
valid60 = _valid17;
}
if(!valid60){
const err80 = {instancePath,schemaPath:"#/allOf/17/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
const _errs137 = errors;
let valid64 = true;
const _errs138 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing18;
if((data.type === undefined) && (missing18 = "type")){
const err81 = {};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
else {
if(data.type !== undefined){
let data36 = data.type;
if(!((((data36 === "cloud_baremetal_additional_ip_regions") || (data36 === "baremetal_additional_ip_regions")) || (data36 === "getBaremetalAdditionalIpRegions")) || (data36 === "cloud:index:baremetalAdditionalIpRegions"))){
const err82 = {};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
}
var _valid18 = _errs138 === errors;
errors = _errs137;
if(vErrors !== null){
if(_errs137){
vErrors.length = _errs137;
}
else {
vErrors = null;
}
}
if(_valid18){
const _errs140 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data37 = data.properties;
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
for(const key9 in data37){
const err83 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_additional_ip_regions/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
else {
const err84 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_additional_ip_regions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
var _valid18 = _errs140 === errors;
valid64 = _valid18;
}
if(!valid64){
const err85 = {instancePath,schemaPath:"#/allOf/18/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
const _errs146 = errors;
let valid68 = true;
const _errs147 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing19;
if((data.type === undefined) && (missing19 = "type")){
const err86 = {};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
else {
if(data.type !== undefined){
let data38 = data.type;
if(!((((data38 === "cloud_baremetal_elastic_storage_products") || (data38 === "baremetal_elastic_storage_products")) || (data38 === "getBaremetalElasticStorageProducts")) || (data38 === "cloud:index:baremetalElasticStorageProducts"))){
const err87 = {};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
}
var _valid19 = _errs147 === errors;
errors = _errs146;
if(vErrors !== null){
if(_errs146){
vErrors.length = _errs146;
}
else {
vErrors = null;
}
}
if(_valid19){
const _errs149 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties !== undefined){
let data39 = data.properties;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
for(const key10 in data39){
const err88 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_elastic_storage_products/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/properties",schemaPath:"#/definitions/data:cloud_baremetal_elastic_storage_products/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
var _valid19 = _errs149 === errors;
valid68 = _valid19;
}
if(!valid68){
const err90 = {instancePath,schemaPath:"#/allOf/19/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err91 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key11 in data){
if(!((((key11 === "type") || (key11 === "properties")) || (key11 === "depends_on")) || (key11 === "dependsOn"))){
const err92 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data.type !== undefined){
let data40 = data.type;
if(typeof data40 !== "string"){
const err93 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(!((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((data40 === "cloud_lite_products") || (data40 === "lite_products")) || (data40 === "getLiteProducts")) || (data40 === "cloud:index:liteProducts")) || (data40 === "cloud_lite_os_list")) || (data40 === "lite_os_list")) || (data40 === "getLiteOsList")) || (data40 === "cloud:index:liteOsList")) || (data40 === "cloud_lite_ip_availability")) || (data40 === "lite_ip_availability")) || (data40 === "getLiteIpAvailability")) || (data40 === "cloud:index:liteIpAvailability")) || (data40 === "cloud_lite_change_package_options")) || (data40 === "lite_change_package_options")) || (data40 === "getLiteChangePackageOptions")) || (data40 === "cloud:index:liteChangePackageOptions")) || (data40 === "cloud_lite_storage_upgrade_options")) || (data40 === "lite_storage_upgrade_options")) || (data40 === "getLiteStorageUpgradeOptions")) || (data40 === "cloud:index:liteStorageUpgradeOptions")) || (data40 === "cloud_lite_snapshot_products")) || (data40 === "lite_snapshot_products")) || (data40 === "getLiteSnapshotProducts")) || (data40 === "cloud:index:liteSnapshotProducts")) || (data40 === "cloud_lite_disk_products")) || (data40 === "lite_disk_products")) || (data40 === "getLiteDiskProducts")) || (data40 === "cloud:index:liteDiskProducts")) || (data40 === "cloud_lite_pro_products")) || (data40 === "lite_pro_products")) || (data40 === "getLiteProProducts")) || (data40 === "cloud:index:liteProProducts")) || (data40 === "cloud_lite_pro_os_list")) || (data40 === "lite_pro_os_list")) || (data40 === "getLiteProOsList")) || (data40 === "cloud:index:liteProOsList")) || (data40 === "cloud_lite_pro_ip_availability")) || (data40 === "lite_pro_ip_availability")) || (data40 === "getLiteProIpAvailability")) || (data40 === "cloud:index:liteProIpAvailability")) || (data40 === "cloud_lite_pro_change_package_options")) || (data40 === "lite_pro_change_package_options")) || (data40 === "getLiteProChangePackageOptions")) || (data40 === "cloud:index:liteProChangePackageOptions")) || (data40 === "cloud_lite_pro_storage_upgrade_options")) || (data40 === "lite_pro_storage_upgrade_options")) || (data40 === "getLiteProStorageUpgradeOptions")) || (data40 === "cloud:index:liteProStorageUpgradeOptions")) || (data40 === "cloud_lite_pro_snapshot_products")) || (data40 === "lite_pro_snapshot_products")) || (data40 === "getLiteProSnapshotProducts")) || (data40 === "cloud:index:liteProSnapshotProducts")) || (data40 === "cloud_lite_pro_disk_products")) || (data40 === "lite_pro_disk_products")) || (data40 === "getLiteProDiskProducts")) || (data40 === "cloud:index:liteProDiskProducts")) || (data40 === "cloud_baremetal_products")) || (data40 === "baremetal_products")) || (data40 === "getBaremetalProducts")) || (data40 === "cloud:index:baremetalProducts")) || (data40 === "cloud_baremetal_rebuild_os_list")) || (data40 === "baremetal_rebuild_os_list")) || (data40 === "getBaremetalRebuildOsList")) || (data40 === "cloud:index:baremetalRebuildOsList")) || (data40 === "cloud_baremetal_openvpn")) || (data40 === "baremetal_openvpn")) || (data40 === "getBaremetalOpenvpn")) || (data40 === "cloud:index:baremetalOpenvpn")) || (data40 === "cloud_baremetal_additional_ip_products")) || (data40 === "baremetal_additional_ip_products")) || (data40 === "getBaremetalAdditionalIpProducts")) || (data40 === "cloud:index:baremetalAdditionalIpProducts")) || (data40 === "cloud_baremetal_additional_ip_regions")) || (data40 === "baremetal_additional_ip_regions")) || (data40 === "getBaremetalAdditionalIpRegions")) || (data40 === "cloud:index:baremetalAdditionalIpRegions")) || (data40 === "cloud_baremetal_elastic_storage_products")) || (data40 === "baremetal_elastic_storage_products")) || (data40 === "getBaremetalElasticStorageProducts")) || (data40 === "cloud:index:baremetalElasticStorageProducts"))){
const err94 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema13.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data.properties !== undefined){
let data41 = data.properties;
if((!(data41 && typeof data41 == "object" && !Array.isArray(data41))) && (data41 !== null)){
const err95 = {instancePath:instancePath+"/properties",schemaPath:"#/properties/properties/type",keyword:"type",params:{type: schema13.properties.properties.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data.depends_on !== undefined){
let data42 = data.depends_on;
if((!(Array.isArray(data42))) && (data42 !== null)){
const err96 = {instancePath:instancePath+"/depends_on",schemaPath:"#/definitions/depends_on/type",keyword:"type",params:{type: schema52.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if(Array.isArray(data42)){
const len0 = data42.length;
for(let i0=0; i0<len0; i0++){
let data43 = data42[i0];
if(typeof data43 === "string"){
if(!pattern25.test(data43)){
const err97 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/definitions/depends_on/items/pattern",keyword:"pattern",params:{pattern: "^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"+"\\""};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
else {
const err98 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/definitions/depends_on/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
}
}
if(data.dependsOn !== undefined){
let data44 = data.dependsOn;
if((!(Array.isArray(data44))) && (data44 !== null)){
const err99 = {instancePath:instancePath+"/dependsOn",schemaPath:"#/definitions/depends_on/type",keyword:"type",params:{type: schema52.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if(Array.isArray(data44)){
const len1 = data44.length;
for(let i1=0; i1<len1; i1++){
let data45 = data44[i1];
if(typeof data45 === "string"){
if(!pattern25.test(data45)){
const err100 = {instancePath:instancePath+"/dependsOn/" + i1,schemaPath:"#/definitions/depends_on/items/pattern",keyword:"pattern",params:{pattern: "^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"+"\\""};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/dependsOn/" + i1,schemaPath:"#/definitions/depends_on/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
}
}
else {
const err102 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

const schema54 = {"type":"object","description":"A managed resource.","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","description":"Resource type: canonical name (cloud_lite_vm), short alias (lite_vm) or Pulumi token (cloud:index:LiteVm).","enum":["cloud_lite_keypair","lite_keypair","cloud:index:LiteKeypair","cloud_lite_vm","lite_vm","cloud:index:LiteVm","cloud_lite_snapshot","lite_snapshot","cloud:index:LiteSnapshot","cloud_lite_vm_from_snapshot","lite_vm_from_snapshot","cloud:index:LiteVmFromSnapshot","cloud_lite_disk","lite_disk","cloud:index:LiteDisk","cloud_lite_pro_keypair","lite_pro_keypair","cloud:index:LiteProKeypair","cloud_lite_pro_vm","lite_pro_vm","cloud:index:LiteProVm","cloud_lite_pro_snapshot","lite_pro_snapshot","cloud:index:LiteProSnapshot","cloud_lite_pro_disk","lite_pro_disk","cloud:index:LiteProDisk","cloud_baremetal_keypair","baremetal_keypair","cloud:index:BaremetalKeypair","cloud_baremetal","baremetal","cloud:index:Baremetal","cloud_baremetal_additional_ip","baremetal_additional_ip","cloud:index:BaremetalAdditionalIp","cloud_baremetal_additional_ip_assignment","baremetal_additional_ip_assignment","cloud:index:BaremetalAdditionalIpAssignment","cloud_baremetal_elastic_storage","baremetal_elastic_storage","cloud:index:BaremetalElasticStorage"]},"properties":{"type":["object","null"],"description":"Attribute values, in snake_case or camelCase. Any value may be a \${...} reference."},"depends_on":{"$ref":"#/definitions/depends_on"},"dependsOn":{"$ref":"#/definitions/depends_on"},"lifecycle":{"$ref":"#/definitions/lifecycle"}},"allOf":[{"if":{"properties":{"type":{"enum":["cloud_lite_keypair","lite_keypair","cloud:index:LiteKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_vm","lite_vm","cloud:index:LiteVm"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_vm"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_snapshot","lite_snapshot","cloud:index:LiteSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_vm_from_snapshot","lite_vm_from_snapshot","cloud:index:LiteVmFromSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_vm_from_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_disk","lite_disk","cloud:index:LiteDisk"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_disk"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_keypair","lite_pro_keypair","cloud:index:LiteProKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_vm","lite_pro_vm","cloud:index:LiteProVm"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_vm"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_snapshot","lite_pro_snapshot","cloud:index:LiteProSnapshot"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_snapshot"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_lite_pro_disk","lite_pro_disk","cloud:index:LiteProDisk"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_lite_pro_disk"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_keypair","baremetal_keypair","cloud:index:BaremetalKeypair"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_keypair"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal","baremetal","cloud:index:Baremetal"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip","baremetal_additional_ip","cloud:index:BaremetalAdditionalIp"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_additional_ip"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_additional_ip_assignment","baremetal_additional_ip_assignment","cloud:index:BaremetalAdditionalIpAssignment"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_additional_ip_assignment"}},"required":["properties"]}},{"if":{"properties":{"type":{"enum":["cloud_baremetal_elastic_storage","baremetal_elastic_storage","cloud:index:BaremetalElasticStorage"]}},"required":["type"]},"then":{"properties":{"properties":{"$ref":"#/definitions/resource:cloud_baremetal_elastic_storage"}},"required":["properties"]}}]};
const schema255 = {"type":["object","null"],"additionalProperties":false,"properties":{"prevent_destroy":{"type":"boolean","description":"Refuse any plan that destroys this resource."},"preventDestroy":{"type":"boolean","description":"Refuse any plan that destroys this resource."},"ignore_changes":{"description":"Attributes whose manifest changes are ignored, or \`all\`.","anyOf":[{"type":"string","enum":["all"]},{"type":"array","items":{"type":"string"}}]},"ignoreChanges":{"description":"Attributes whose manifest changes are ignored, or \`all\`.","anyOf":[{"type":"string","enum":["all"]},{"type":"array","items":{"type":"string"}}]}}};
const schema55 = {"type":"object","description":"An SSH keypair in the lite pool, generated server-side. Usable only by lite VMs.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "name")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
const _errs3 = errors;
let valid1 = false;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs6 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid0 = _errs6 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}

const schema57 = {"type":"object","description":"A lite KVM VPS. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) from the lite products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) from the lite products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image name from the lite OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image name from the lite OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair from the lite pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair from the lite pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"vm_name":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"vmName":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the VM. Create-only.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"disk_size":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"diskSize":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]},"migrate_to_pro":{"description":"One-shot paid migration to lite pro; the value is the lite pro \`product_id\`.","anyOf":[{"type":"string","pattern":"^[0-9]+$"},{"$ref":"#/definitions/reference"}]},"migrateToPro":{"description":"One-shot paid migration to lite pro; the value is the lite pro \`product_id\`.","anyOf":[{"type":"string","pattern":"^[0-9]+$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["select_os"]},{"required":["selectOs"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const pattern29 = new RegExp("^[A-Za-z0-9.-]+$", "u");
const pattern33 = new RegExp("[a-z]", "u");
const pattern34 = new RegExp("[A-Z]", "u");
const pattern35 = new RegExp("[0-9]", "u");
const pattern36 = new RegExp("^[A-Za-z0-9]+$", "u");
const pattern64 = new RegExp("^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$", "u");
const pattern71 = new RegExp("^[0-9]+$", "u");

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ssh_and_console_user === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "ssh_and_console_user"},message:"must have required property '"+"ssh_and_console_user"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.sshAndConsoleUser === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "sshAndConsoleUser"},message:"must have required property '"+"sshAndConsoleUser"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.console_password === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "console_password"},message:"must have required property '"+"console_password"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.consolePassword === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "consolePassword"},message:"must have required property '"+"consolePassword"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
const _errs10 = errors;
let valid3 = false;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err6 = {instancePath,schemaPath:"#/allOf/2/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid2 = _errs11 === errors;
valid3 = valid3 || _valid2;
if(!valid3){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err7 = {instancePath,schemaPath:"#/allOf/2/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid3 = valid3 || _valid2;
}
if(!valid3){
const err8 = {instancePath,schemaPath:"#/allOf/2/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
const _errs14 = errors;
let valid4 = false;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.select_os === undefined){
const err9 = {instancePath,schemaPath:"#/allOf/3/anyOf/0/required",keyword:"required",params:{missingProperty: "select_os"},message:"must have required property '"+"select_os"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid3 = _errs15 === errors;
valid4 = valid4 || _valid3;
if(!valid4){
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.selectOs === undefined){
const err10 = {instancePath,schemaPath:"#/allOf/3/anyOf/1/required",keyword:"required",params:{missingProperty: "selectOs"},message:"must have required property '"+"selectOs"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var _valid3 = _errs16 === errors;
valid4 = valid4 || _valid3;
}
if(!valid4){
const err11 = {instancePath,schemaPath:"#/allOf/3/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
const _errs18 = errors;
let valid5 = false;
const _errs19 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypair_id === undefined){
const err12 = {instancePath,schemaPath:"#/allOf/4/anyOf/0/required",keyword:"required",params:{missingProperty: "keypair_id"},message:"must have required property '"+"keypair_id"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid4 = _errs19 === errors;
valid5 = valid5 || _valid4;
if(!valid5){
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypairId === undefined){
const err13 = {instancePath,schemaPath:"#/allOf/4/anyOf/1/required",keyword:"required",params:{missingProperty: "keypairId"},message:"must have required property '"+"keypairId"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var _valid4 = _errs20 === errors;
valid5 = valid5 || _valid4;
}
if(!valid5){
const err14 = {instancePath,schemaPath:"#/allOf/4/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema57.properties, key0))){
const err16 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.ssh_and_console_user !== undefined){
let data0 = data.ssh_and_console_user;
const _errs23 = errors;
let valid7 = false;
const _errs24 = errors;
if(typeof data0 === "string"){
if(func3(data0) > 32){
const err17 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func3(data0) < 6){
const err18 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern29.test(data0)){
const err19 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid5 = _errs24 === errors;
valid7 = valid7 || _valid5;
if(!valid7){
const _errs26 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err21 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid5 = _errs26 === errors;
valid7 = valid7 || _valid5;
}
if(!valid7){
const err23 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.sshAndConsoleUser !== undefined){
let data1 = data.sshAndConsoleUser;
const _errs30 = errors;
let valid9 = false;
const _errs31 = errors;
if(typeof data1 === "string"){
if(func3(data1) > 32){
const err24 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(func3(data1) < 6){
const err25 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!pattern29.test(data1)){
const err26 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid6 = _errs31 === errors;
valid9 = valid9 || _valid6;
if(!valid9){
const _errs33 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err28 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid6 = _errs33 === errors;
valid9 = valid9 || _valid6;
}
if(!valid9){
const err30 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
}
}
if(data.console_password !== undefined){
let data2 = data.console_password;
const _errs37 = errors;
let valid11 = false;
const _errs38 = errors;
if(typeof data2 === "string"){
if(!pattern33.test(data2)){
const err31 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(typeof data2 === "string"){
if(!pattern34.test(data2)){
const err33 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(typeof data2 === "string"){
if(!pattern35.test(data2)){
const err35 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(typeof data2 === "string"){
if(func3(data2) < 8){
const err37 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!pattern36.test(data2)){
const err38 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid7 = _errs38 === errors;
valid11 = valid11 || _valid7;
if(!valid11){
const _errs46 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err40 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid7 = _errs46 === errors;
valid11 = valid11 || _valid7;
}
if(!valid11){
const err42 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs37;
if(vErrors !== null){
if(_errs37){
vErrors.length = _errs37;
}
else {
vErrors = null;
}
}
}
}
if(data.consolePassword !== undefined){
let data3 = data.consolePassword;
const _errs50 = errors;
let valid14 = false;
const _errs51 = errors;
if(typeof data3 === "string"){
if(!pattern33.test(data3)){
const err43 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern34.test(data3)){
const err45 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern35.test(data3)){
const err47 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(typeof data3 === "string"){
if(func3(data3) < 8){
const err49 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(!pattern36.test(data3)){
const err50 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid8 = _errs51 === errors;
valid14 = valid14 || _valid8;
if(!valid14){
const _errs59 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err52 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid8 = _errs59 === errors;
valid14 = valid14 || _valid8;
}
if(!valid14){
const err54 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs50;
if(vErrors !== null){
if(_errs50){
vErrors.length = _errs50;
}
else {
vErrors = null;
}
}
}
}
if(data.product_id !== undefined){
let data4 = data.product_id;
const _errs63 = errors;
let valid17 = false;
const _errs64 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err55 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid9 = _errs64 === errors;
valid17 = valid17 || _valid9;
if(!valid17){
const _errs66 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err56 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid9 = _errs66 === errors;
valid17 = valid17 || _valid9;
}
if(!valid17){
const err58 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data5 = data.productId;
const _errs70 = errors;
let valid19 = false;
const _errs71 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err59 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var _valid10 = _errs71 === errors;
valid19 = valid19 || _valid10;
if(!valid19){
const _errs73 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err60 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
var _valid10 = _errs73 === errors;
valid19 = valid19 || _valid10;
}
if(!valid19){
const err62 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
else {
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
}
}
if(data.select_os !== undefined){
let data6 = data.select_os;
const _errs77 = errors;
let valid21 = false;
const _errs78 = errors;
if(typeof data6 !== "string"){
const err63 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid11 = _errs78 === errors;
valid21 = valid21 || _valid11;
if(!valid21){
const _errs80 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err64 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
var _valid11 = _errs80 === errors;
valid21 = valid21 || _valid11;
}
if(!valid21){
const err66 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
else {
errors = _errs77;
if(vErrors !== null){
if(_errs77){
vErrors.length = _errs77;
}
else {
vErrors = null;
}
}
}
}
if(data.selectOs !== undefined){
let data7 = data.selectOs;
const _errs84 = errors;
let valid23 = false;
const _errs85 = errors;
if(typeof data7 !== "string"){
const err67 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid12 = _errs85 === errors;
valid23 = valid23 || _valid12;
if(!valid23){
const _errs87 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err68 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid12 = _errs87 === errors;
valid23 = valid23 || _valid12;
}
if(!valid23){
const err70 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs84;
if(vErrors !== null){
if(_errs84){
vErrors.length = _errs84;
}
else {
vErrors = null;
}
}
}
}
if(data.keypair_id !== undefined){
let data8 = data.keypair_id;
const _errs91 = errors;
let valid25 = false;
const _errs92 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err71 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid13 = _errs92 === errors;
valid25 = valid25 || _valid13;
if(!valid25){
const _errs94 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err72 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
var _valid13 = _errs94 === errors;
valid25 = valid25 || _valid13;
}
if(!valid25){
const err74 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
else {
errors = _errs91;
if(vErrors !== null){
if(_errs91){
vErrors.length = _errs91;
}
else {
vErrors = null;
}
}
}
}
if(data.keypairId !== undefined){
let data9 = data.keypairId;
const _errs98 = errors;
let valid27 = false;
const _errs99 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err75 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid14 = _errs99 === errors;
valid27 = valid27 || _valid14;
if(!valid27){
const _errs101 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err76 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid14 = _errs101 === errors;
valid27 = valid27 || _valid14;
}
if(!valid27){
const err78 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
else {
errors = _errs98;
if(vErrors !== null){
if(_errs98){
vErrors.length = _errs98;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data10 = data.cycle;
const _errs105 = errors;
let valid29 = false;
const _errs106 = errors;
if(typeof data10 !== "string"){
const err79 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(!((((((((data10 === "m") || (data10 === "a")) || (data10 === "q")) || (data10 === "s")) || (data10 === "b")) || (data10 === "t")) || (data10 === "p4")) || (data10 === "p5"))){
const err80 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema57.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
var _valid15 = _errs106 === errors;
valid29 = valid29 || _valid15;
if(!valid29){
const _errs108 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err81 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
else {
const err82 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
var _valid15 = _errs108 === errors;
valid29 = valid29 || _valid15;
}
if(!valid29){
const err83 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
else {
errors = _errs105;
if(vErrors !== null){
if(_errs105){
vErrors.length = _errs105;
}
else {
vErrors = null;
}
}
}
}
if(data.vm_name !== undefined){
let data11 = data.vm_name;
const _errs112 = errors;
let valid31 = false;
const _errs113 = errors;
if(typeof data11 === "string"){
if(func3(data11) > 16){
const err84 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if(func3(data11) < 6){
const err85 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(!pattern29.test(data11)){
const err86 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var _valid16 = _errs113 === errors;
valid31 = valid31 || _valid16;
if(!valid31){
const _errs115 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err88 = {instancePath:instancePath+"/vm_name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/vm_name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
var _valid16 = _errs115 === errors;
valid31 = valid31 || _valid16;
}
if(!valid31){
const err90 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
else {
errors = _errs112;
if(vErrors !== null){
if(_errs112){
vErrors.length = _errs112;
}
else {
vErrors = null;
}
}
}
}
if(data.vmName !== undefined){
let data12 = data.vmName;
const _errs119 = errors;
let valid33 = false;
const _errs120 = errors;
if(typeof data12 === "string"){
if(func3(data12) > 16){
const err91 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(func3(data12) < 6){
const err92 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if(!pattern29.test(data12)){
const err93 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
else {
const err94 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
var _valid17 = _errs120 === errors;
valid33 = valid33 || _valid17;
if(!valid33){
const _errs122 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err95 = {instancePath:instancePath+"/vmName",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
else {
const err96 = {instancePath:instancePath+"/vmName",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid17 = _errs122 === errors;
valid33 = valid33 || _valid17;
}
if(!valid33){
const err97 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
else {
errors = _errs119;
if(vErrors !== null){
if(_errs119){
vErrors.length = _errs119;
}
else {
vErrors = null;
}
}
}
}
if(data.description !== undefined){
let data13 = data.description;
const _errs126 = errors;
let valid35 = false;
const _errs127 = errors;
if(typeof data13 !== "string"){
const err98 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid18 = _errs127 === errors;
valid35 = valid35 || _valid18;
if(!valid35){
const _errs129 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err99 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
else {
const err100 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
var _valid18 = _errs129 === errors;
valid35 = valid35 || _valid18;
}
if(!valid35){
const err101 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
else {
errors = _errs126;
if(vErrors !== null){
if(_errs126){
vErrors.length = _errs126;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data14 = data.pay_with_credit_card;
const _errs133 = errors;
let valid37 = false;
const _errs134 = errors;
if(typeof data14 !== "boolean"){
const err102 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
var _valid19 = _errs134 === errors;
valid37 = valid37 || _valid19;
if(!valid37){
const _errs136 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err103 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
else {
const err104 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
var _valid19 = _errs136 === errors;
valid37 = valid37 || _valid19;
}
if(!valid37){
const err105 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
else {
errors = _errs133;
if(vErrors !== null){
if(_errs133){
vErrors.length = _errs133;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data15 = data.payWithCreditCard;
const _errs140 = errors;
let valid39 = false;
const _errs141 = errors;
if(typeof data15 !== "boolean"){
const err106 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
var _valid20 = _errs141 === errors;
valid39 = valid39 || _valid20;
if(!valid39){
const _errs143 = errors;
if(typeof data15 === "string"){
if(!pattern7.test(data15)){
const err107 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
var _valid20 = _errs143 === errors;
valid39 = valid39 || _valid20;
}
if(!valid39){
const err109 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
else {
errors = _errs140;
if(vErrors !== null){
if(_errs140){
vErrors.length = _errs140;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data16 = data.promocode;
const _errs147 = errors;
let valid41 = false;
const _errs148 = errors;
if(typeof data16 !== "string"){
const err110 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
var _valid21 = _errs148 === errors;
valid41 = valid41 || _valid21;
if(!valid41){
const _errs150 = errors;
if(typeof data16 === "string"){
if(!pattern7.test(data16)){
const err111 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
var _valid21 = _errs150 === errors;
valid41 = valid41 || _valid21;
}
if(!valid41){
const err113 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
else {
errors = _errs147;
if(vErrors !== null){
if(_errs147){
vErrors.length = _errs147;
}
else {
vErrors = null;
}
}
}
}
if(data.power_state !== undefined){
let data17 = data.power_state;
const _errs154 = errors;
let valid43 = false;
const _errs155 = errors;
if(typeof data17 !== "string"){
const err114 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
if(!(((((data17 === "start") || (data17 === "stop")) || (data17 === "suspend")) || (data17 === "resume")) || (data17 === "shutdown"))){
const err115 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema57.properties.power_state.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid22 = _errs155 === errors;
valid43 = valid43 || _valid22;
if(!valid43){
const _errs157 = errors;
if(typeof data17 === "string"){
if(!pattern7.test(data17)){
const err116 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
else {
const err117 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
var _valid22 = _errs157 === errors;
valid43 = valid43 || _valid22;
}
if(!valid43){
const err118 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
else {
errors = _errs154;
if(vErrors !== null){
if(_errs154){
vErrors.length = _errs154;
}
else {
vErrors = null;
}
}
}
}
if(data.powerState !== undefined){
let data18 = data.powerState;
const _errs161 = errors;
let valid45 = false;
const _errs162 = errors;
if(typeof data18 !== "string"){
const err119 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(!(((((data18 === "start") || (data18 === "stop")) || (data18 === "suspend")) || (data18 === "resume")) || (data18 === "shutdown"))){
const err120 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema57.properties.powerState.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
var _valid23 = _errs162 === errors;
valid45 = valid45 || _valid23;
if(!valid45){
const _errs164 = errors;
if(typeof data18 === "string"){
if(!pattern7.test(data18)){
const err121 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
else {
const err122 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
var _valid23 = _errs164 === errors;
valid45 = valid45 || _valid23;
}
if(!valid45){
const err123 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
else {
errors = _errs161;
if(vErrors !== null){
if(_errs161){
vErrors.length = _errs161;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuild_os !== undefined){
let data19 = data.rebuild_os;
const _errs168 = errors;
let valid47 = false;
const _errs169 = errors;
if(typeof data19 !== "string"){
const err124 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
var _valid24 = _errs169 === errors;
valid47 = valid47 || _valid24;
if(!valid47){
const _errs171 = errors;
if(typeof data19 === "string"){
if(!pattern7.test(data19)){
const err125 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
var _valid24 = _errs171 === errors;
valid47 = valid47 || _valid24;
}
if(!valid47){
const err127 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
else {
errors = _errs168;
if(vErrors !== null){
if(_errs168){
vErrors.length = _errs168;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuildOs !== undefined){
let data20 = data.rebuildOs;
const _errs175 = errors;
let valid49 = false;
const _errs176 = errors;
if(typeof data20 !== "string"){
const err128 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
var _valid25 = _errs176 === errors;
valid49 = valid49 || _valid25;
if(!valid49){
const _errs178 = errors;
if(typeof data20 === "string"){
if(!pattern7.test(data20)){
const err129 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
else {
const err130 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
var _valid25 = _errs178 === errors;
valid49 = valid49 || _valid25;
}
if(!valid49){
const err131 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
else {
errors = _errs175;
if(vErrors !== null){
if(_errs175){
vErrors.length = _errs175;
}
else {
vErrors = null;
}
}
}
}
if(data.disk_size !== undefined){
let data21 = data.disk_size;
const _errs182 = errors;
let valid51 = false;
const _errs183 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err132 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 1 || isNaN(data21)){
const err133 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
var _valid26 = _errs183 === errors;
valid51 = valid51 || _valid26;
if(!valid51){
const _errs185 = errors;
if(typeof data21 === "string"){
if(!pattern7.test(data21)){
const err134 = {instancePath:instancePath+"/disk_size",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
else {
const err135 = {instancePath:instancePath+"/disk_size",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
var _valid26 = _errs185 === errors;
valid51 = valid51 || _valid26;
}
if(!valid51){
const err136 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
else {
errors = _errs182;
if(vErrors !== null){
if(_errs182){
vErrors.length = _errs182;
}
else {
vErrors = null;
}
}
}
}
if(data.diskSize !== undefined){
let data22 = data.diskSize;
const _errs189 = errors;
let valid53 = false;
const _errs190 = errors;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err137 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 1 || isNaN(data22)){
const err138 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
var _valid27 = _errs190 === errors;
valid53 = valid53 || _valid27;
if(!valid53){
const _errs192 = errors;
if(typeof data22 === "string"){
if(!pattern7.test(data22)){
const err139 = {instancePath:instancePath+"/diskSize",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
else {
const err140 = {instancePath:instancePath+"/diskSize",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
var _valid27 = _errs192 === errors;
valid53 = valid53 || _valid27;
}
if(!valid53){
const err141 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
else {
errors = _errs189;
if(vErrors !== null){
if(_errs189){
vErrors.length = _errs189;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data23 = data.timeouts;
const _errs196 = errors;
let valid55 = false;
const _errs197 = errors;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
for(const key1 in data23){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err142 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
}
if(data23.create !== undefined){
let data24 = data23.create;
const _errs201 = errors;
let valid57 = false;
const _errs202 = errors;
if(typeof data24 === "string"){
if(!pattern64.test(data24)){
const err143 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
else {
const err144 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
var _valid29 = _errs202 === errors;
valid57 = valid57 || _valid29;
if(!valid57){
const _errs204 = errors;
if(typeof data24 === "string"){
if(!pattern7.test(data24)){
const err145 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
else {
const err146 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
var _valid29 = _errs204 === errors;
valid57 = valid57 || _valid29;
}
if(!valid57){
const err147 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
else {
errors = _errs201;
if(vErrors !== null){
if(_errs201){
vErrors.length = _errs201;
}
else {
vErrors = null;
}
}
}
}
if(data23.update !== undefined){
let data25 = data23.update;
const _errs208 = errors;
let valid59 = false;
const _errs209 = errors;
if(typeof data25 === "string"){
if(!pattern64.test(data25)){
const err148 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
else {
const err149 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
var _valid30 = _errs209 === errors;
valid59 = valid59 || _valid30;
if(!valid59){
const _errs211 = errors;
if(typeof data25 === "string"){
if(!pattern7.test(data25)){
const err150 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
else {
const err151 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
var _valid30 = _errs211 === errors;
valid59 = valid59 || _valid30;
}
if(!valid59){
const err152 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
else {
errors = _errs208;
if(vErrors !== null){
if(_errs208){
vErrors.length = _errs208;
}
else {
vErrors = null;
}
}
}
}
if(data23.delete !== undefined){
let data26 = data23.delete;
const _errs215 = errors;
let valid61 = false;
const _errs216 = errors;
if(typeof data26 === "string"){
if(!pattern64.test(data26)){
const err153 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
else {
const err154 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
var _valid31 = _errs216 === errors;
valid61 = valid61 || _valid31;
if(!valid61){
const _errs218 = errors;
if(typeof data26 === "string"){
if(!pattern7.test(data26)){
const err155 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
else {
const err156 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
var _valid31 = _errs218 === errors;
valid61 = valid61 || _valid31;
}
if(!valid61){
const err157 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
else {
errors = _errs215;
if(vErrors !== null){
if(_errs215){
vErrors.length = _errs215;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err158 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
var _valid28 = _errs197 === errors;
valid55 = valid55 || _valid28;
if(!valid55){
const _errs221 = errors;
if(typeof data23 === "string"){
if(!pattern7.test(data23)){
const err159 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
else {
const err160 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
var _valid28 = _errs221 === errors;
valid55 = valid55 || _valid28;
}
if(!valid55){
const err161 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
else {
errors = _errs196;
if(vErrors !== null){
if(_errs196){
vErrors.length = _errs196;
}
else {
vErrors = null;
}
}
}
}
if(data.migrate_to_pro !== undefined){
let data27 = data.migrate_to_pro;
const _errs225 = errors;
let valid64 = false;
const _errs226 = errors;
if(typeof data27 === "string"){
if(!pattern71.test(data27)){
const err162 = {instancePath:instancePath+"/migrate_to_pro",schemaPath:"#/properties/migrate_to_pro/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \\""+"^[0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
else {
const err163 = {instancePath:instancePath+"/migrate_to_pro",schemaPath:"#/properties/migrate_to_pro/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
var _valid32 = _errs226 === errors;
valid64 = valid64 || _valid32;
if(!valid64){
const _errs228 = errors;
if(typeof data27 === "string"){
if(!pattern7.test(data27)){
const err164 = {instancePath:instancePath+"/migrate_to_pro",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
}
else {
const err165 = {instancePath:instancePath+"/migrate_to_pro",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
var _valid32 = _errs228 === errors;
valid64 = valid64 || _valid32;
}
if(!valid64){
const err166 = {instancePath:instancePath+"/migrate_to_pro",schemaPath:"#/properties/migrate_to_pro/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
else {
errors = _errs225;
if(vErrors !== null){
if(_errs225){
vErrors.length = _errs225;
}
else {
vErrors = null;
}
}
}
}
if(data.migrateToPro !== undefined){
let data28 = data.migrateToPro;
const _errs232 = errors;
let valid66 = false;
const _errs233 = errors;
if(typeof data28 === "string"){
if(!pattern71.test(data28)){
const err167 = {instancePath:instancePath+"/migrateToPro",schemaPath:"#/properties/migrateToPro/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \\""+"^[0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
}
else {
const err168 = {instancePath:instancePath+"/migrateToPro",schemaPath:"#/properties/migrateToPro/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
var _valid33 = _errs233 === errors;
valid66 = valid66 || _valid33;
if(!valid66){
const _errs235 = errors;
if(typeof data28 === "string"){
if(!pattern7.test(data28)){
const err169 = {instancePath:instancePath+"/migrateToPro",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
}
else {
const err170 = {instancePath:instancePath+"/migrateToPro",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
var _valid33 = _errs235 === errors;
valid66 = valid66 || _valid33;
}
if(!valid66){
const err171 = {instancePath:instancePath+"/migrateToPro",schemaPath:"#/properties/migrateToPro/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
else {
errors = _errs232;
if(vErrors !== null){
if(_errs232){
vErrors.length = _errs232;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err172 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}

const schema87 = {"type":"object","description":"A paid snapshot of one lite VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.","properties":{"lite_account_id":{"description":"Account id of the lite VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"name":{"description":"Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.","default":"snapshot-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the snapshot. A change recreates the snapshot.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the snapshot order. A change recreates the snapshot.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]};

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.lite_account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "lite_account_id"},message:"must have required property '"+"lite_account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.liteAccountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "liteAccountId"},message:"must have required property '"+"liteAccountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema87.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.lite_account_id !== undefined){
let data0 = data.lite_account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err5 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err6 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err8 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.liteAccountId !== undefined){
let data1 = data.liteAccountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err10 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err12 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs21 = errors;
let valid7 = false;
const _errs22 = errors;
if(typeof data2 !== "string"){
const err13 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!((((((((data2 === "m") || (data2 === "a")) || (data2 === "q")) || (data2 === "s")) || (data2 === "b")) || (data2 === "t")) || (data2 === "p4")) || (data2 === "p5"))){
const err14 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema87.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid3 = _errs22 === errors;
valid7 = valid7 || _valid3;
if(!valid7){
const _errs24 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err15 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid3 = _errs24 === errors;
valid7 = valid7 || _valid3;
}
if(!valid7){
const err17 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
}
if(data.name !== undefined){
let data3 = data.name;
const _errs28 = errors;
let valid9 = false;
const _errs29 = errors;
if(typeof data3 === "string"){
if(func3(data3) > 16){
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func3(data3) < 6){
const err19 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern29.test(data3)){
const err20 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid4 = _errs29 === errors;
valid9 = valid9 || _valid4;
if(!valid9){
const _errs31 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err22 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid4 = _errs31 === errors;
valid9 = valid9 || _valid4;
}
if(!valid9){
const err24 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
}
if(data.description !== undefined){
let data4 = data.description;
const _errs35 = errors;
let valid11 = false;
const _errs36 = errors;
if(typeof data4 !== "string"){
const err25 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid5 = _errs36 === errors;
valid11 = valid11 || _valid5;
if(!valid11){
const _errs38 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err26 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid5 = _errs38 === errors;
valid11 = valid11 || _valid5;
}
if(!valid11){
const err28 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data5 = data.pay_with_credit_card;
const _errs42 = errors;
let valid13 = false;
const _errs43 = errors;
if(typeof data5 !== "boolean"){
const err29 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid6 = _errs43 === errors;
valid13 = valid13 || _valid6;
if(!valid13){
const _errs45 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err30 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid6 = _errs45 === errors;
valid13 = valid13 || _valid6;
}
if(!valid13){
const err32 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data6 = data.payWithCreditCard;
const _errs49 = errors;
let valid15 = false;
const _errs50 = errors;
if(typeof data6 !== "boolean"){
const err33 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid7 = _errs50 === errors;
valid15 = valid15 || _valid7;
if(!valid15){
const _errs52 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err34 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid7 = _errs52 === errors;
valid15 = valid15 || _valid7;
}
if(!valid15){
const err36 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data7 = data.promocode;
const _errs56 = errors;
let valid17 = false;
const _errs57 = errors;
if(typeof data7 !== "string"){
const err37 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid8 = _errs57 === errors;
valid17 = valid17 || _valid8;
if(!valid17){
const _errs59 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err38 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid8 = _errs59 === errors;
valid17 = valid17 || _valid8;
}
if(!valid17){
const err40 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data8 = data.timeouts;
const _errs63 = errors;
let valid19 = false;
const _errs64 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 in data8){
if(!((key1 === "create") || (key1 === "delete"))){
const err41 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data8.create !== undefined){
let data9 = data8.create;
const _errs68 = errors;
let valid21 = false;
const _errs69 = errors;
if(typeof data9 === "string"){
if(!pattern64.test(data9)){
const err42 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid10 = _errs69 === errors;
valid21 = valid21 || _valid10;
if(!valid21){
const _errs71 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err44 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid10 = _errs71 === errors;
valid21 = valid21 || _valid10;
}
if(!valid21){
const err46 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
}
}
if(data8.delete !== undefined){
let data10 = data8.delete;
const _errs75 = errors;
let valid23 = false;
const _errs76 = errors;
if(typeof data10 === "string"){
if(!pattern64.test(data10)){
const err47 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid11 = _errs76 === errors;
valid23 = valid23 || _valid11;
if(!valid23){
const _errs78 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err49 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid11 = _errs78 === errors;
valid23 = valid23 || _valid11;
}
if(!valid23){
const err51 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
else {
errors = _errs75;
if(vErrors !== null){
if(_errs75){
vErrors.length = _errs75;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid9 = _errs64 === errors;
valid19 = valid19 || _valid9;
if(!valid19){
const _errs81 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err53 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid9 = _errs81 === errors;
valid19 = valid19 || _valid9;
}
if(!valid19){
const err55 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}

const schema99 = {"type":"object","description":"A new lite VM restored from a snapshot (a paid order). Ordering it waits until it is \`Active\`; any change recreates it. Deleting it deletes the new VM only, never the snapshot.","properties":{"snapshot_id":{"description":"Account id of the lite snapshot to restore from. A change recreates the VM. The snapshot itself is never deleted.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"snapshotId":{"description":"Account id of the lite snapshot to restore from. A change recreates the VM. The snapshot itself is never deleted.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) of the new VM from the lite products catalog. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) of the new VM from the lite products catalog. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair of the new VM, from the lite pool. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair of the new VM, from the lite pool. A change recreates the VM.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"name":{"description":"Name of the new VM, 6 to 16 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. A change recreates the VM.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. A change recreates the VM. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. A change recreates the VM. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the new VM. A change recreates the VM.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the restore order. A change recreates the VM.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the restore order's invoice with the card on file; \`false\` leaves it unpaid and the VM \`Pending\`. A change recreates the VM.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the restore order's invoice with the card on file; \`false\` leaves it unpaid and the VM \`Pending\`. A change recreates the VM.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle","name"],"allOf":[{"anyOf":[{"required":["snapshot_id"]},{"required":["snapshotId"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]},{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]}]};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.snapshot_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "snapshot_id"},message:"must have required property '"+"snapshot_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.snapshotId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "snapshotId"},message:"must have required property '"+"snapshotId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
const _errs10 = errors;
let valid3 = false;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypair_id === undefined){
const err6 = {instancePath,schemaPath:"#/allOf/2/anyOf/0/required",keyword:"required",params:{missingProperty: "keypair_id"},message:"must have required property '"+"keypair_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid2 = _errs11 === errors;
valid3 = valid3 || _valid2;
if(!valid3){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypairId === undefined){
const err7 = {instancePath,schemaPath:"#/allOf/2/anyOf/1/required",keyword:"required",params:{missingProperty: "keypairId"},message:"must have required property '"+"keypairId"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid3 = valid3 || _valid2;
}
if(!valid3){
const err8 = {instancePath,schemaPath:"#/allOf/2/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
const _errs14 = errors;
let valid4 = false;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ssh_and_console_user === undefined){
const err9 = {instancePath,schemaPath:"#/allOf/3/anyOf/0/required",keyword:"required",params:{missingProperty: "ssh_and_console_user"},message:"must have required property '"+"ssh_and_console_user"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid3 = _errs15 === errors;
valid4 = valid4 || _valid3;
if(!valid4){
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.sshAndConsoleUser === undefined){
const err10 = {instancePath,schemaPath:"#/allOf/3/anyOf/1/required",keyword:"required",params:{missingProperty: "sshAndConsoleUser"},message:"must have required property '"+"sshAndConsoleUser"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var _valid3 = _errs16 === errors;
valid4 = valid4 || _valid3;
}
if(!valid4){
const err11 = {instancePath,schemaPath:"#/allOf/3/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
const _errs18 = errors;
let valid5 = false;
const _errs19 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.console_password === undefined){
const err12 = {instancePath,schemaPath:"#/allOf/4/anyOf/0/required",keyword:"required",params:{missingProperty: "console_password"},message:"must have required property '"+"console_password"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid4 = _errs19 === errors;
valid5 = valid5 || _valid4;
if(!valid5){
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.consolePassword === undefined){
const err13 = {instancePath,schemaPath:"#/allOf/4/anyOf/1/required",keyword:"required",params:{missingProperty: "consolePassword"},message:"must have required property '"+"consolePassword"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var _valid4 = _errs20 === errors;
valid5 = valid5 || _valid4;
}
if(!valid5){
const err14 = {instancePath,schemaPath:"#/allOf/4/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.name === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema99.properties, key0))){
const err17 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.snapshot_id !== undefined){
let data0 = data.snapshot_id;
const _errs23 = errors;
let valid7 = false;
const _errs24 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err18 = {instancePath:instancePath+"/snapshot_id",schemaPath:"#/properties/snapshot_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid5 = _errs24 === errors;
valid7 = valid7 || _valid5;
if(!valid7){
const _errs26 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err19 = {instancePath:instancePath+"/snapshot_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/snapshot_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid5 = _errs26 === errors;
valid7 = valid7 || _valid5;
}
if(!valid7){
const err21 = {instancePath:instancePath+"/snapshot_id",schemaPath:"#/properties/snapshot_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.snapshotId !== undefined){
let data1 = data.snapshotId;
const _errs30 = errors;
let valid9 = false;
const _errs31 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err22 = {instancePath:instancePath+"/snapshotId",schemaPath:"#/properties/snapshotId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid6 = _errs31 === errors;
valid9 = valid9 || _valid6;
if(!valid9){
const _errs33 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err23 = {instancePath:instancePath+"/snapshotId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/snapshotId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid6 = _errs33 === errors;
valid9 = valid9 || _valid6;
}
if(!valid9){
const err25 = {instancePath:instancePath+"/snapshotId",schemaPath:"#/properties/snapshotId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
}
}
if(data.product_id !== undefined){
let data2 = data.product_id;
const _errs37 = errors;
let valid11 = false;
const _errs38 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err26 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid7 = _errs38 === errors;
valid11 = valid11 || _valid7;
if(!valid11){
const _errs40 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err27 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid7 = _errs40 === errors;
valid11 = valid11 || _valid7;
}
if(!valid11){
const err29 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
errors = _errs37;
if(vErrors !== null){
if(_errs37){
vErrors.length = _errs37;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data3 = data.productId;
const _errs44 = errors;
let valid13 = false;
const _errs45 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err30 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid8 = _errs45 === errors;
valid13 = valid13 || _valid8;
if(!valid13){
const _errs47 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err31 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid8 = _errs47 === errors;
valid13 = valid13 || _valid8;
}
if(!valid13){
const err33 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
else {
errors = _errs44;
if(vErrors !== null){
if(_errs44){
vErrors.length = _errs44;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data4 = data.cycle;
const _errs51 = errors;
let valid15 = false;
const _errs52 = errors;
if(typeof data4 !== "string"){
const err34 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(!((((((((data4 === "m") || (data4 === "a")) || (data4 === "q")) || (data4 === "s")) || (data4 === "b")) || (data4 === "t")) || (data4 === "p4")) || (data4 === "p5"))){
const err35 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema99.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid9 = _errs52 === errors;
valid15 = valid15 || _valid9;
if(!valid15){
const _errs54 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err36 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid9 = _errs54 === errors;
valid15 = valid15 || _valid9;
}
if(!valid15){
const err38 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
else {
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
}
}
if(data.keypair_id !== undefined){
let data5 = data.keypair_id;
const _errs58 = errors;
let valid17 = false;
const _errs59 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err39 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid10 = _errs59 === errors;
valid17 = valid17 || _valid10;
if(!valid17){
const _errs61 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err40 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid10 = _errs61 === errors;
valid17 = valid17 || _valid10;
}
if(!valid17){
const err42 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs58;
if(vErrors !== null){
if(_errs58){
vErrors.length = _errs58;
}
else {
vErrors = null;
}
}
}
}
if(data.keypairId !== undefined){
let data6 = data.keypairId;
const _errs65 = errors;
let valid19 = false;
const _errs66 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err43 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid11 = _errs66 === errors;
valid19 = valid19 || _valid11;
if(!valid19){
const _errs68 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err44 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid11 = _errs68 === errors;
valid19 = valid19 || _valid11;
}
if(!valid19){
const err46 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs65;
if(vErrors !== null){
if(_errs65){
vErrors.length = _errs65;
}
else {
vErrors = null;
}
}
}
}
if(data.name !== undefined){
let data7 = data.name;
const _errs72 = errors;
let valid21 = false;
const _errs73 = errors;
if(typeof data7 === "string"){
if(func3(data7) > 16){
const err47 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(func3(data7) < 6){
const err48 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!pattern29.test(data7)){
const err49 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid12 = _errs73 === errors;
valid21 = valid21 || _valid12;
if(!valid21){
const _errs75 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err51 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid12 = _errs75 === errors;
valid21 = valid21 || _valid12;
}
if(!valid21){
const err53 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
else {
errors = _errs72;
if(vErrors !== null){
if(_errs72){
vErrors.length = _errs72;
}
else {
vErrors = null;
}
}
}
}
if(data.ssh_and_console_user !== undefined){
let data8 = data.ssh_and_console_user;
const _errs79 = errors;
let valid23 = false;
const _errs80 = errors;
if(typeof data8 === "string"){
if(func3(data8) > 32){
const err54 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(func3(data8) < 6){
const err55 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(!pattern29.test(data8)){
const err56 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid13 = _errs80 === errors;
valid23 = valid23 || _valid13;
if(!valid23){
const _errs82 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err58 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var _valid13 = _errs82 === errors;
valid23 = valid23 || _valid13;
}
if(!valid23){
const err60 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
errors = _errs79;
if(vErrors !== null){
if(_errs79){
vErrors.length = _errs79;
}
else {
vErrors = null;
}
}
}
}
if(data.sshAndConsoleUser !== undefined){
let data9 = data.sshAndConsoleUser;
const _errs86 = errors;
let valid25 = false;
const _errs87 = errors;
if(typeof data9 === "string"){
if(func3(data9) > 32){
const err61 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(func3(data9) < 6){
const err62 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(!pattern29.test(data9)){
const err63 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid14 = _errs87 === errors;
valid25 = valid25 || _valid14;
if(!valid25){
const _errs89 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err65 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
var _valid14 = _errs89 === errors;
valid25 = valid25 || _valid14;
}
if(!valid25){
const err67 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
else {
errors = _errs86;
if(vErrors !== null){
if(_errs86){
vErrors.length = _errs86;
}
else {
vErrors = null;
}
}
}
}
if(data.console_password !== undefined){
let data10 = data.console_password;
const _errs93 = errors;
let valid27 = false;
const _errs94 = errors;
if(typeof data10 === "string"){
if(!pattern33.test(data10)){
const err68 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(typeof data10 === "string"){
if(!pattern34.test(data10)){
const err70 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
else {
const err71 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(typeof data10 === "string"){
if(!pattern35.test(data10)){
const err72 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(typeof data10 === "string"){
if(func3(data10) < 8){
const err74 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(!pattern36.test(data10)){
const err75 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
else {
const err76 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
var _valid15 = _errs94 === errors;
valid27 = valid27 || _valid15;
if(!valid27){
const _errs102 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err77 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
else {
const err78 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid15 = _errs102 === errors;
valid27 = valid27 || _valid15;
}
if(!valid27){
const err79 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
else {
errors = _errs93;
if(vErrors !== null){
if(_errs93){
vErrors.length = _errs93;
}
else {
vErrors = null;
}
}
}
}
if(data.consolePassword !== undefined){
let data11 = data.consolePassword;
const _errs106 = errors;
let valid30 = false;
const _errs107 = errors;
if(typeof data11 === "string"){
if(!pattern33.test(data11)){
const err80 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
else {
const err81 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(typeof data11 === "string"){
if(!pattern34.test(data11)){
const err82 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(typeof data11 === "string"){
if(!pattern35.test(data11)){
const err84 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
else {
const err85 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(typeof data11 === "string"){
if(func3(data11) < 8){
const err86 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if(!pattern36.test(data11)){
const err87 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
var _valid16 = _errs107 === errors;
valid30 = valid30 || _valid16;
if(!valid30){
const _errs115 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err89 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
else {
const err90 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
var _valid16 = _errs115 === errors;
valid30 = valid30 || _valid16;
}
if(!valid30){
const err91 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
else {
errors = _errs106;
if(vErrors !== null){
if(_errs106){
vErrors.length = _errs106;
}
else {
vErrors = null;
}
}
}
}
if(data.description !== undefined){
let data12 = data.description;
const _errs119 = errors;
let valid33 = false;
const _errs120 = errors;
if(typeof data12 !== "string"){
const err92 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
var _valid17 = _errs120 === errors;
valid33 = valid33 || _valid17;
if(!valid33){
const _errs122 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err93 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
else {
const err94 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
var _valid17 = _errs122 === errors;
valid33 = valid33 || _valid17;
}
if(!valid33){
const err95 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
else {
errors = _errs119;
if(vErrors !== null){
if(_errs119){
vErrors.length = _errs119;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data13 = data.promocode;
const _errs126 = errors;
let valid35 = false;
const _errs127 = errors;
if(typeof data13 !== "string"){
const err96 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid18 = _errs127 === errors;
valid35 = valid35 || _valid18;
if(!valid35){
const _errs129 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err97 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
else {
const err98 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid18 = _errs129 === errors;
valid35 = valid35 || _valid18;
}
if(!valid35){
const err99 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
else {
errors = _errs126;
if(vErrors !== null){
if(_errs126){
vErrors.length = _errs126;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data14 = data.pay_with_credit_card;
const _errs133 = errors;
let valid37 = false;
const _errs134 = errors;
if(typeof data14 !== "boolean"){
const err100 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
var _valid19 = _errs134 === errors;
valid37 = valid37 || _valid19;
if(!valid37){
const _errs136 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err101 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
else {
const err102 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
var _valid19 = _errs136 === errors;
valid37 = valid37 || _valid19;
}
if(!valid37){
const err103 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
else {
errors = _errs133;
if(vErrors !== null){
if(_errs133){
vErrors.length = _errs133;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data15 = data.payWithCreditCard;
const _errs140 = errors;
let valid39 = false;
const _errs141 = errors;
if(typeof data15 !== "boolean"){
const err104 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
var _valid20 = _errs141 === errors;
valid39 = valid39 || _valid20;
if(!valid39){
const _errs143 = errors;
if(typeof data15 === "string"){
if(!pattern7.test(data15)){
const err105 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
else {
const err106 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
var _valid20 = _errs143 === errors;
valid39 = valid39 || _valid20;
}
if(!valid39){
const err107 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
else {
errors = _errs140;
if(vErrors !== null){
if(_errs140){
vErrors.length = _errs140;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data16 = data.timeouts;
const _errs147 = errors;
let valid41 = false;
const _errs148 = errors;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
for(const key1 in data16){
if(!((key1 === "create") || (key1 === "delete"))){
const err108 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
if(data16.create !== undefined){
let data17 = data16.create;
const _errs152 = errors;
let valid43 = false;
const _errs153 = errors;
if(typeof data17 === "string"){
if(!pattern64.test(data17)){
const err109 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
else {
const err110 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
var _valid22 = _errs153 === errors;
valid43 = valid43 || _valid22;
if(!valid43){
const _errs155 = errors;
if(typeof data17 === "string"){
if(!pattern7.test(data17)){
const err111 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
var _valid22 = _errs155 === errors;
valid43 = valid43 || _valid22;
}
if(!valid43){
const err113 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
else {
errors = _errs152;
if(vErrors !== null){
if(_errs152){
vErrors.length = _errs152;
}
else {
vErrors = null;
}
}
}
}
if(data16.delete !== undefined){
let data18 = data16.delete;
const _errs159 = errors;
let valid45 = false;
const _errs160 = errors;
if(typeof data18 === "string"){
if(!pattern64.test(data18)){
const err114 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
else {
const err115 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid23 = _errs160 === errors;
valid45 = valid45 || _valid23;
if(!valid45){
const _errs162 = errors;
if(typeof data18 === "string"){
if(!pattern7.test(data18)){
const err116 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
else {
const err117 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
var _valid23 = _errs162 === errors;
valid45 = valid45 || _valid23;
}
if(!valid45){
const err118 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
else {
errors = _errs159;
if(vErrors !== null){
if(_errs159){
vErrors.length = _errs159;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err119 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
var _valid21 = _errs148 === errors;
valid41 = valid41 || _valid21;
if(!valid41){
const _errs165 = errors;
if(typeof data16 === "string"){
if(!pattern7.test(data16)){
const err120 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
else {
const err121 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
var _valid21 = _errs165 === errors;
valid41 = valid41 || _valid21;
}
if(!valid41){
const err122 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
else {
errors = _errs147;
if(vErrors !== null){
if(_errs147){
vErrors.length = _errs147;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err123 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}

const schema119 = {"type":"object","description":"An extra disk attached to one lite VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.","properties":{"product_id":{"description":"Disk product from GET /lites/disks/products (the \`cloud_lite_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Disk product from GET /lites/disks/products (the \`cloud_lite_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"lite_account_id":{"description":"Account id of the lite VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"service_name":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"serviceName":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"size":{"description":"Disk size in GB, at least 60; grow-only. An increase places a paid upgrade order for the difference.","default":60,"anyOf":[{"type":"integer","minimum":60},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the disk order. A change recreates the disk.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.lite_account_id === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "lite_account_id"},message:"must have required property '"+"lite_account_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.liteAccountId === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "liteAccountId"},message:"must have required property '"+"liteAccountId"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema119.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs11 = errors;
let valid4 = false;
const _errs12 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err8 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs12 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs14 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err9 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs14 === errors;
valid4 = valid4 || _valid2;
}
if(!valid4){
const err11 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs18 = errors;
let valid6 = false;
const _errs19 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid3 = _errs19 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs21 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err13 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid3 = _errs21 === errors;
valid6 = valid6 || _valid3;
}
if(!valid6){
const err15 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs25 = errors;
let valid8 = false;
const _errs26 = errors;
if(typeof data2 !== "string"){
const err16 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((((((((data2 === "m") || (data2 === "a")) || (data2 === "q")) || (data2 === "s")) || (data2 === "b")) || (data2 === "t")) || (data2 === "p4")) || (data2 === "p5"))){
const err17 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema119.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid4 = _errs26 === errors;
valid8 = valid8 || _valid4;
if(!valid8){
const _errs28 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err18 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid4 = _errs28 === errors;
valid8 = valid8 || _valid4;
}
if(!valid8){
const err20 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs25;
if(vErrors !== null){
if(_errs25){
vErrors.length = _errs25;
}
else {
vErrors = null;
}
}
}
}
if(data.lite_account_id !== undefined){
let data3 = data.lite_account_id;
const _errs32 = errors;
let valid10 = false;
const _errs33 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err21 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid5 = _errs33 === errors;
valid10 = valid10 || _valid5;
if(!valid10){
const _errs35 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err22 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid5 = _errs35 === errors;
valid10 = valid10 || _valid5;
}
if(!valid10){
const err24 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
}
if(data.liteAccountId !== undefined){
let data4 = data.liteAccountId;
const _errs39 = errors;
let valid12 = false;
const _errs40 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err25 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid6 = _errs40 === errors;
valid12 = valid12 || _valid6;
if(!valid12){
const _errs42 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err26 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid6 = _errs42 === errors;
valid12 = valid12 || _valid6;
}
if(!valid12){
const err28 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
}
if(data.service_name !== undefined){
let data5 = data.service_name;
const _errs46 = errors;
let valid14 = false;
const _errs47 = errors;
if(typeof data5 === "string"){
if(func3(data5) > 16){
const err29 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(func3(data5) < 6){
const err30 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern29.test(data5)){
const err31 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid7 = _errs47 === errors;
valid14 = valid14 || _valid7;
if(!valid14){
const _errs49 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err33 = {instancePath:instancePath+"/service_name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/service_name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid7 = _errs49 === errors;
valid14 = valid14 || _valid7;
}
if(!valid14){
const err35 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
errors = _errs46;
if(vErrors !== null){
if(_errs46){
vErrors.length = _errs46;
}
else {
vErrors = null;
}
}
}
}
if(data.serviceName !== undefined){
let data6 = data.serviceName;
const _errs53 = errors;
let valid16 = false;
const _errs54 = errors;
if(typeof data6 === "string"){
if(func3(data6) > 16){
const err36 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(func3(data6) < 6){
const err37 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!pattern29.test(data6)){
const err38 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid8 = _errs54 === errors;
valid16 = valid16 || _valid8;
if(!valid16){
const _errs56 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err40 = {instancePath:instancePath+"/serviceName",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/serviceName",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid8 = _errs56 === errors;
valid16 = valid16 || _valid8;
}
if(!valid16){
const err42 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
}
if(data.size !== undefined){
let data7 = data.size;
const _errs60 = errors;
let valid18 = false;
const _errs61 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err43 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 60 || isNaN(data7)){
const err44 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 60},message:"must be >= 60"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var _valid9 = _errs61 === errors;
valid18 = valid18 || _valid9;
if(!valid18){
const _errs63 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err45 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid9 = _errs63 === errors;
valid18 = valid18 || _valid9;
}
if(!valid18){
const err47 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
else {
errors = _errs60;
if(vErrors !== null){
if(_errs60){
vErrors.length = _errs60;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data8 = data.promocode;
const _errs67 = errors;
let valid20 = false;
const _errs68 = errors;
if(typeof data8 !== "string"){
const err48 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid10 = _errs68 === errors;
valid20 = valid20 || _valid10;
if(!valid20){
const _errs70 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err49 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid10 = _errs70 === errors;
valid20 = valid20 || _valid10;
}
if(!valid20){
const err51 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data9 = data.pay_with_credit_card;
const _errs74 = errors;
let valid22 = false;
const _errs75 = errors;
if(typeof data9 !== "boolean"){
const err52 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid11 = _errs75 === errors;
valid22 = valid22 || _valid11;
if(!valid22){
const _errs77 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err53 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid11 = _errs77 === errors;
valid22 = valid22 || _valid11;
}
if(!valid22){
const err55 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data10 = data.payWithCreditCard;
const _errs81 = errors;
let valid24 = false;
const _errs82 = errors;
if(typeof data10 !== "boolean"){
const err56 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid12 = _errs82 === errors;
valid24 = valid24 || _valid12;
if(!valid24){
const _errs84 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err57 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
var _valid12 = _errs84 === errors;
valid24 = valid24 || _valid12;
}
if(!valid24){
const err59 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data11 = data.timeouts;
const _errs88 = errors;
let valid26 = false;
const _errs89 = errors;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err60 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data11.create !== undefined){
let data12 = data11.create;
const _errs93 = errors;
let valid28 = false;
const _errs94 = errors;
if(typeof data12 === "string"){
if(!pattern64.test(data12)){
const err61 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid14 = _errs94 === errors;
valid28 = valid28 || _valid14;
if(!valid28){
const _errs96 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err63 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid14 = _errs96 === errors;
valid28 = valid28 || _valid14;
}
if(!valid28){
const err65 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
else {
errors = _errs93;
if(vErrors !== null){
if(_errs93){
vErrors.length = _errs93;
}
else {
vErrors = null;
}
}
}
}
if(data11.update !== undefined){
let data13 = data11.update;
const _errs100 = errors;
let valid30 = false;
const _errs101 = errors;
if(typeof data13 === "string"){
if(!pattern64.test(data13)){
const err66 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid15 = _errs101 === errors;
valid30 = valid30 || _valid15;
if(!valid30){
const _errs103 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err68 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid15 = _errs103 === errors;
valid30 = valid30 || _valid15;
}
if(!valid30){
const err70 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs100;
if(vErrors !== null){
if(_errs100){
vErrors.length = _errs100;
}
else {
vErrors = null;
}
}
}
}
if(data11.delete !== undefined){
let data14 = data11.delete;
const _errs107 = errors;
let valid32 = false;
const _errs108 = errors;
if(typeof data14 === "string"){
if(!pattern64.test(data14)){
const err71 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid16 = _errs108 === errors;
valid32 = valid32 || _valid16;
if(!valid32){
const _errs110 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err73 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid16 = _errs110 === errors;
valid32 = valid32 || _valid16;
}
if(!valid32){
const err75 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
else {
errors = _errs107;
if(vErrors !== null){
if(_errs107){
vErrors.length = _errs107;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err76 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
var _valid13 = _errs89 === errors;
valid26 = valid26 || _valid13;
if(!valid26){
const _errs113 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err77 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
else {
const err78 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid13 = _errs113 === errors;
valid26 = valid26 || _valid13;
}
if(!valid26){
const err79 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
else {
errors = _errs88;
if(vErrors !== null){
if(_errs88){
vErrors.length = _errs88;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err80 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}

const schema135 = {"type":"object","description":"An SSH keypair in the lite pro pool, generated server-side. Usable only by lite pro VMs.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "name")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
const _errs3 = errors;
let valid1 = false;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs6 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid0 = _errs6 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}

const schema137 = {"type":"object","description":"A lite pro KVM VPS. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"ssh_and_console_user":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"sshAndConsoleUser":{"description":"User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.","anyOf":[{"type":"string","minLength":6,"maxLength":32,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"console_password":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"consolePassword":{"description":"Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back. (sensitive)","anyOf":[{"type":"string","minLength":8,"pattern":"^[A-Za-z0-9]+$","allOf":[{"type":"string","pattern":"[a-z]","description":"must contain a lower-case letter"},{"type":"string","pattern":"[A-Z]","description":"must contain an upper-case letter"},{"type":"string","pattern":"[0-9]","description":"must contain a digit"}]},{"$ref":"#/definitions/reference"}]},"product_id":{"description":"Product (package) from the lite pro products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (package) from the lite pro products catalog. A change places a paid change-package order.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image name from the lite pro OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image name from the lite pro OS list. Create-only: change the OS with \`rebuild_os\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"Keypair from the lite pro pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"Keypair from the lite pro pool. A change calls change-keypair.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"vm_name":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"vmName":{"description":"VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.","default":"server-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the VM. Create-only.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state: \`start\`, \`stop\`, \`suspend\`, \`resume\`, \`shutdown\`. The API is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["start","stop","suspend","resume","shutdown"]},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"disk_size":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"diskSize":{"description":"Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["ssh_and_console_user"]},{"required":["sshAndConsoleUser"]}]},{"anyOf":[{"required":["console_password"]},{"required":["consolePassword"]}]},{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["select_os"]},{"required":["selectOs"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]};

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ssh_and_console_user === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "ssh_and_console_user"},message:"must have required property '"+"ssh_and_console_user"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.sshAndConsoleUser === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "sshAndConsoleUser"},message:"must have required property '"+"sshAndConsoleUser"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.console_password === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "console_password"},message:"must have required property '"+"console_password"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.consolePassword === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "consolePassword"},message:"must have required property '"+"consolePassword"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
const _errs10 = errors;
let valid3 = false;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err6 = {instancePath,schemaPath:"#/allOf/2/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid2 = _errs11 === errors;
valid3 = valid3 || _valid2;
if(!valid3){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err7 = {instancePath,schemaPath:"#/allOf/2/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid3 = valid3 || _valid2;
}
if(!valid3){
const err8 = {instancePath,schemaPath:"#/allOf/2/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
const _errs14 = errors;
let valid4 = false;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.select_os === undefined){
const err9 = {instancePath,schemaPath:"#/allOf/3/anyOf/0/required",keyword:"required",params:{missingProperty: "select_os"},message:"must have required property '"+"select_os"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid3 = _errs15 === errors;
valid4 = valid4 || _valid3;
if(!valid4){
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.selectOs === undefined){
const err10 = {instancePath,schemaPath:"#/allOf/3/anyOf/1/required",keyword:"required",params:{missingProperty: "selectOs"},message:"must have required property '"+"selectOs"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var _valid3 = _errs16 === errors;
valid4 = valid4 || _valid3;
}
if(!valid4){
const err11 = {instancePath,schemaPath:"#/allOf/3/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
const _errs18 = errors;
let valid5 = false;
const _errs19 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypair_id === undefined){
const err12 = {instancePath,schemaPath:"#/allOf/4/anyOf/0/required",keyword:"required",params:{missingProperty: "keypair_id"},message:"must have required property '"+"keypair_id"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid4 = _errs19 === errors;
valid5 = valid5 || _valid4;
if(!valid5){
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypairId === undefined){
const err13 = {instancePath,schemaPath:"#/allOf/4/anyOf/1/required",keyword:"required",params:{missingProperty: "keypairId"},message:"must have required property '"+"keypairId"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var _valid4 = _errs20 === errors;
valid5 = valid5 || _valid4;
}
if(!valid5){
const err14 = {instancePath,schemaPath:"#/allOf/4/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema137.properties, key0))){
const err16 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.ssh_and_console_user !== undefined){
let data0 = data.ssh_and_console_user;
const _errs23 = errors;
let valid7 = false;
const _errs24 = errors;
if(typeof data0 === "string"){
if(func3(data0) > 32){
const err17 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func3(data0) < 6){
const err18 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern29.test(data0)){
const err19 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid5 = _errs24 === errors;
valid7 = valid7 || _valid5;
if(!valid7){
const _errs26 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err21 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid5 = _errs26 === errors;
valid7 = valid7 || _valid5;
}
if(!valid7){
const err23 = {instancePath:instancePath+"/ssh_and_console_user",schemaPath:"#/properties/ssh_and_console_user/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.sshAndConsoleUser !== undefined){
let data1 = data.sshAndConsoleUser;
const _errs30 = errors;
let valid9 = false;
const _errs31 = errors;
if(typeof data1 === "string"){
if(func3(data1) > 32){
const err24 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 32},message:"must NOT have more than 32 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(func3(data1) < 6){
const err25 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!pattern29.test(data1)){
const err26 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid6 = _errs31 === errors;
valid9 = valid9 || _valid6;
if(!valid9){
const _errs33 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err28 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid6 = _errs33 === errors;
valid9 = valid9 || _valid6;
}
if(!valid9){
const err30 = {instancePath:instancePath+"/sshAndConsoleUser",schemaPath:"#/properties/sshAndConsoleUser/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
}
}
if(data.console_password !== undefined){
let data2 = data.console_password;
const _errs37 = errors;
let valid11 = false;
const _errs38 = errors;
if(typeof data2 === "string"){
if(!pattern33.test(data2)){
const err31 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(typeof data2 === "string"){
if(!pattern34.test(data2)){
const err33 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(typeof data2 === "string"){
if(!pattern35.test(data2)){
const err35 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(typeof data2 === "string"){
if(func3(data2) < 8){
const err37 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!pattern36.test(data2)){
const err38 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid7 = _errs38 === errors;
valid11 = valid11 || _valid7;
if(!valid11){
const _errs46 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err40 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/console_password",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid7 = _errs46 === errors;
valid11 = valid11 || _valid7;
}
if(!valid11){
const err42 = {instancePath:instancePath+"/console_password",schemaPath:"#/properties/console_password/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs37;
if(vErrors !== null){
if(_errs37){
vErrors.length = _errs37;
}
else {
vErrors = null;
}
}
}
}
if(data.consolePassword !== undefined){
let data3 = data.consolePassword;
const _errs50 = errors;
let valid14 = false;
const _errs51 = errors;
if(typeof data3 === "string"){
if(!pattern33.test(data3)){
const err43 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/pattern",keyword:"pattern",params:{pattern: "[a-z]"},message:"must match pattern \\""+"[a-z]"+"\\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern34.test(data3)){
const err45 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/pattern",keyword:"pattern",params:{pattern: "[A-Z]"},message:"must match pattern \\""+"[A-Z]"+"\\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern35.test(data3)){
const err47 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/pattern",keyword:"pattern",params:{pattern: "[0-9]"},message:"must match pattern \\""+"[0-9]"+"\\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/allOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(typeof data3 === "string"){
if(func3(data3) < 8){
const err49 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(!pattern36.test(data3)){
const err50 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9]+$"},message:"must match pattern \\""+"^[A-Za-z0-9]+$"+"\\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid8 = _errs51 === errors;
valid14 = valid14 || _valid8;
if(!valid14){
const _errs59 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err52 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid8 = _errs59 === errors;
valid14 = valid14 || _valid8;
}
if(!valid14){
const err54 = {instancePath:instancePath+"/consolePassword",schemaPath:"#/properties/consolePassword/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs50;
if(vErrors !== null){
if(_errs50){
vErrors.length = _errs50;
}
else {
vErrors = null;
}
}
}
}
if(data.product_id !== undefined){
let data4 = data.product_id;
const _errs63 = errors;
let valid17 = false;
const _errs64 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err55 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid9 = _errs64 === errors;
valid17 = valid17 || _valid9;
if(!valid17){
const _errs66 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err56 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid9 = _errs66 === errors;
valid17 = valid17 || _valid9;
}
if(!valid17){
const err58 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data5 = data.productId;
const _errs70 = errors;
let valid19 = false;
const _errs71 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err59 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var _valid10 = _errs71 === errors;
valid19 = valid19 || _valid10;
if(!valid19){
const _errs73 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err60 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
var _valid10 = _errs73 === errors;
valid19 = valid19 || _valid10;
}
if(!valid19){
const err62 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
else {
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
}
}
if(data.select_os !== undefined){
let data6 = data.select_os;
const _errs77 = errors;
let valid21 = false;
const _errs78 = errors;
if(typeof data6 !== "string"){
const err63 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid11 = _errs78 === errors;
valid21 = valid21 || _valid11;
if(!valid21){
const _errs80 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err64 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
var _valid11 = _errs80 === errors;
valid21 = valid21 || _valid11;
}
if(!valid21){
const err66 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
else {
errors = _errs77;
if(vErrors !== null){
if(_errs77){
vErrors.length = _errs77;
}
else {
vErrors = null;
}
}
}
}
if(data.selectOs !== undefined){
let data7 = data.selectOs;
const _errs84 = errors;
let valid23 = false;
const _errs85 = errors;
if(typeof data7 !== "string"){
const err67 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid12 = _errs85 === errors;
valid23 = valid23 || _valid12;
if(!valid23){
const _errs87 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err68 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid12 = _errs87 === errors;
valid23 = valid23 || _valid12;
}
if(!valid23){
const err70 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs84;
if(vErrors !== null){
if(_errs84){
vErrors.length = _errs84;
}
else {
vErrors = null;
}
}
}
}
if(data.keypair_id !== undefined){
let data8 = data.keypair_id;
const _errs91 = errors;
let valid25 = false;
const _errs92 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err71 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid13 = _errs92 === errors;
valid25 = valid25 || _valid13;
if(!valid25){
const _errs94 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err72 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
var _valid13 = _errs94 === errors;
valid25 = valid25 || _valid13;
}
if(!valid25){
const err74 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
else {
errors = _errs91;
if(vErrors !== null){
if(_errs91){
vErrors.length = _errs91;
}
else {
vErrors = null;
}
}
}
}
if(data.keypairId !== undefined){
let data9 = data.keypairId;
const _errs98 = errors;
let valid27 = false;
const _errs99 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err75 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid14 = _errs99 === errors;
valid27 = valid27 || _valid14;
if(!valid27){
const _errs101 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err76 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid14 = _errs101 === errors;
valid27 = valid27 || _valid14;
}
if(!valid27){
const err78 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
else {
errors = _errs98;
if(vErrors !== null){
if(_errs98){
vErrors.length = _errs98;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data10 = data.cycle;
const _errs105 = errors;
let valid29 = false;
const _errs106 = errors;
if(typeof data10 !== "string"){
const err79 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(!((((((((data10 === "m") || (data10 === "a")) || (data10 === "q")) || (data10 === "s")) || (data10 === "b")) || (data10 === "t")) || (data10 === "p4")) || (data10 === "p5"))){
const err80 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema137.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
var _valid15 = _errs106 === errors;
valid29 = valid29 || _valid15;
if(!valid29){
const _errs108 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err81 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
else {
const err82 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
var _valid15 = _errs108 === errors;
valid29 = valid29 || _valid15;
}
if(!valid29){
const err83 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
else {
errors = _errs105;
if(vErrors !== null){
if(_errs105){
vErrors.length = _errs105;
}
else {
vErrors = null;
}
}
}
}
if(data.vm_name !== undefined){
let data11 = data.vm_name;
const _errs112 = errors;
let valid31 = false;
const _errs113 = errors;
if(typeof data11 === "string"){
if(func3(data11) > 16){
const err84 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if(func3(data11) < 6){
const err85 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(!pattern29.test(data11)){
const err86 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var _valid16 = _errs113 === errors;
valid31 = valid31 || _valid16;
if(!valid31){
const _errs115 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err88 = {instancePath:instancePath+"/vm_name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/vm_name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
var _valid16 = _errs115 === errors;
valid31 = valid31 || _valid16;
}
if(!valid31){
const err90 = {instancePath:instancePath+"/vm_name",schemaPath:"#/properties/vm_name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
else {
errors = _errs112;
if(vErrors !== null){
if(_errs112){
vErrors.length = _errs112;
}
else {
vErrors = null;
}
}
}
}
if(data.vmName !== undefined){
let data12 = data.vmName;
const _errs119 = errors;
let valid33 = false;
const _errs120 = errors;
if(typeof data12 === "string"){
if(func3(data12) > 16){
const err91 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(func3(data12) < 6){
const err92 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if(!pattern29.test(data12)){
const err93 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
else {
const err94 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
var _valid17 = _errs120 === errors;
valid33 = valid33 || _valid17;
if(!valid33){
const _errs122 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err95 = {instancePath:instancePath+"/vmName",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
else {
const err96 = {instancePath:instancePath+"/vmName",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid17 = _errs122 === errors;
valid33 = valid33 || _valid17;
}
if(!valid33){
const err97 = {instancePath:instancePath+"/vmName",schemaPath:"#/properties/vmName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
else {
errors = _errs119;
if(vErrors !== null){
if(_errs119){
vErrors.length = _errs119;
}
else {
vErrors = null;
}
}
}
}
if(data.description !== undefined){
let data13 = data.description;
const _errs126 = errors;
let valid35 = false;
const _errs127 = errors;
if(typeof data13 !== "string"){
const err98 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid18 = _errs127 === errors;
valid35 = valid35 || _valid18;
if(!valid35){
const _errs129 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err99 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
else {
const err100 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
var _valid18 = _errs129 === errors;
valid35 = valid35 || _valid18;
}
if(!valid35){
const err101 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
else {
errors = _errs126;
if(vErrors !== null){
if(_errs126){
vErrors.length = _errs126;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data14 = data.pay_with_credit_card;
const _errs133 = errors;
let valid37 = false;
const _errs134 = errors;
if(typeof data14 !== "boolean"){
const err102 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
var _valid19 = _errs134 === errors;
valid37 = valid37 || _valid19;
if(!valid37){
const _errs136 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err103 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
else {
const err104 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
var _valid19 = _errs136 === errors;
valid37 = valid37 || _valid19;
}
if(!valid37){
const err105 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
else {
errors = _errs133;
if(vErrors !== null){
if(_errs133){
vErrors.length = _errs133;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data15 = data.payWithCreditCard;
const _errs140 = errors;
let valid39 = false;
const _errs141 = errors;
if(typeof data15 !== "boolean"){
const err106 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
var _valid20 = _errs141 === errors;
valid39 = valid39 || _valid20;
if(!valid39){
const _errs143 = errors;
if(typeof data15 === "string"){
if(!pattern7.test(data15)){
const err107 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
var _valid20 = _errs143 === errors;
valid39 = valid39 || _valid20;
}
if(!valid39){
const err109 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
else {
errors = _errs140;
if(vErrors !== null){
if(_errs140){
vErrors.length = _errs140;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data16 = data.promocode;
const _errs147 = errors;
let valid41 = false;
const _errs148 = errors;
if(typeof data16 !== "string"){
const err110 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
var _valid21 = _errs148 === errors;
valid41 = valid41 || _valid21;
if(!valid41){
const _errs150 = errors;
if(typeof data16 === "string"){
if(!pattern7.test(data16)){
const err111 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
var _valid21 = _errs150 === errors;
valid41 = valid41 || _valid21;
}
if(!valid41){
const err113 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
else {
errors = _errs147;
if(vErrors !== null){
if(_errs147){
vErrors.length = _errs147;
}
else {
vErrors = null;
}
}
}
}
if(data.power_state !== undefined){
let data17 = data.power_state;
const _errs154 = errors;
let valid43 = false;
const _errs155 = errors;
if(typeof data17 !== "string"){
const err114 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
if(!(((((data17 === "start") || (data17 === "stop")) || (data17 === "suspend")) || (data17 === "resume")) || (data17 === "shutdown"))){
const err115 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema137.properties.power_state.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid22 = _errs155 === errors;
valid43 = valid43 || _valid22;
if(!valid43){
const _errs157 = errors;
if(typeof data17 === "string"){
if(!pattern7.test(data17)){
const err116 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
else {
const err117 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
var _valid22 = _errs157 === errors;
valid43 = valid43 || _valid22;
}
if(!valid43){
const err118 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
else {
errors = _errs154;
if(vErrors !== null){
if(_errs154){
vErrors.length = _errs154;
}
else {
vErrors = null;
}
}
}
}
if(data.powerState !== undefined){
let data18 = data.powerState;
const _errs161 = errors;
let valid45 = false;
const _errs162 = errors;
if(typeof data18 !== "string"){
const err119 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(!(((((data18 === "start") || (data18 === "stop")) || (data18 === "suspend")) || (data18 === "resume")) || (data18 === "shutdown"))){
const err120 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema137.properties.powerState.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
var _valid23 = _errs162 === errors;
valid45 = valid45 || _valid23;
if(!valid45){
const _errs164 = errors;
if(typeof data18 === "string"){
if(!pattern7.test(data18)){
const err121 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
else {
const err122 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
var _valid23 = _errs164 === errors;
valid45 = valid45 || _valid23;
}
if(!valid45){
const err123 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
else {
errors = _errs161;
if(vErrors !== null){
if(_errs161){
vErrors.length = _errs161;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuild_os !== undefined){
let data19 = data.rebuild_os;
const _errs168 = errors;
let valid47 = false;
const _errs169 = errors;
if(typeof data19 !== "string"){
const err124 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
var _valid24 = _errs169 === errors;
valid47 = valid47 || _valid24;
if(!valid47){
const _errs171 = errors;
if(typeof data19 === "string"){
if(!pattern7.test(data19)){
const err125 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
var _valid24 = _errs171 === errors;
valid47 = valid47 || _valid24;
}
if(!valid47){
const err127 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
else {
errors = _errs168;
if(vErrors !== null){
if(_errs168){
vErrors.length = _errs168;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuildOs !== undefined){
let data20 = data.rebuildOs;
const _errs175 = errors;
let valid49 = false;
const _errs176 = errors;
if(typeof data20 !== "string"){
const err128 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
var _valid25 = _errs176 === errors;
valid49 = valid49 || _valid25;
if(!valid49){
const _errs178 = errors;
if(typeof data20 === "string"){
if(!pattern7.test(data20)){
const err129 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
else {
const err130 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
var _valid25 = _errs178 === errors;
valid49 = valid49 || _valid25;
}
if(!valid49){
const err131 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
else {
errors = _errs175;
if(vErrors !== null){
if(_errs175){
vErrors.length = _errs175;
}
else {
vErrors = null;
}
}
}
}
if(data.disk_size !== undefined){
let data21 = data.disk_size;
const _errs182 = errors;
let valid51 = false;
const _errs183 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err132 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 1 || isNaN(data21)){
const err133 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
var _valid26 = _errs183 === errors;
valid51 = valid51 || _valid26;
if(!valid51){
const _errs185 = errors;
if(typeof data21 === "string"){
if(!pattern7.test(data21)){
const err134 = {instancePath:instancePath+"/disk_size",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
else {
const err135 = {instancePath:instancePath+"/disk_size",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
var _valid26 = _errs185 === errors;
valid51 = valid51 || _valid26;
}
if(!valid51){
const err136 = {instancePath:instancePath+"/disk_size",schemaPath:"#/properties/disk_size/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
else {
errors = _errs182;
if(vErrors !== null){
if(_errs182){
vErrors.length = _errs182;
}
else {
vErrors = null;
}
}
}
}
if(data.diskSize !== undefined){
let data22 = data.diskSize;
const _errs189 = errors;
let valid53 = false;
const _errs190 = errors;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err137 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 1 || isNaN(data22)){
const err138 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
var _valid27 = _errs190 === errors;
valid53 = valid53 || _valid27;
if(!valid53){
const _errs192 = errors;
if(typeof data22 === "string"){
if(!pattern7.test(data22)){
const err139 = {instancePath:instancePath+"/diskSize",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
else {
const err140 = {instancePath:instancePath+"/diskSize",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
var _valid27 = _errs192 === errors;
valid53 = valid53 || _valid27;
}
if(!valid53){
const err141 = {instancePath:instancePath+"/diskSize",schemaPath:"#/properties/diskSize/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
else {
errors = _errs189;
if(vErrors !== null){
if(_errs189){
vErrors.length = _errs189;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data23 = data.timeouts;
const _errs196 = errors;
let valid55 = false;
const _errs197 = errors;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
for(const key1 in data23){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err142 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
}
if(data23.create !== undefined){
let data24 = data23.create;
const _errs201 = errors;
let valid57 = false;
const _errs202 = errors;
if(typeof data24 === "string"){
if(!pattern64.test(data24)){
const err143 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
else {
const err144 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
var _valid29 = _errs202 === errors;
valid57 = valid57 || _valid29;
if(!valid57){
const _errs204 = errors;
if(typeof data24 === "string"){
if(!pattern7.test(data24)){
const err145 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
else {
const err146 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
var _valid29 = _errs204 === errors;
valid57 = valid57 || _valid29;
}
if(!valid57){
const err147 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
else {
errors = _errs201;
if(vErrors !== null){
if(_errs201){
vErrors.length = _errs201;
}
else {
vErrors = null;
}
}
}
}
if(data23.update !== undefined){
let data25 = data23.update;
const _errs208 = errors;
let valid59 = false;
const _errs209 = errors;
if(typeof data25 === "string"){
if(!pattern64.test(data25)){
const err148 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
else {
const err149 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
var _valid30 = _errs209 === errors;
valid59 = valid59 || _valid30;
if(!valid59){
const _errs211 = errors;
if(typeof data25 === "string"){
if(!pattern7.test(data25)){
const err150 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
else {
const err151 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
var _valid30 = _errs211 === errors;
valid59 = valid59 || _valid30;
}
if(!valid59){
const err152 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
else {
errors = _errs208;
if(vErrors !== null){
if(_errs208){
vErrors.length = _errs208;
}
else {
vErrors = null;
}
}
}
}
if(data23.delete !== undefined){
let data26 = data23.delete;
const _errs215 = errors;
let valid61 = false;
const _errs216 = errors;
if(typeof data26 === "string"){
if(!pattern64.test(data26)){
const err153 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
else {
const err154 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
var _valid31 = _errs216 === errors;
valid61 = valid61 || _valid31;
if(!valid61){
const _errs218 = errors;
if(typeof data26 === "string"){
if(!pattern7.test(data26)){
const err155 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
else {
const err156 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
var _valid31 = _errs218 === errors;
valid61 = valid61 || _valid31;
}
if(!valid61){
const err157 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
else {
errors = _errs215;
if(vErrors !== null){
if(_errs215){
vErrors.length = _errs215;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err158 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
var _valid28 = _errs197 === errors;
valid55 = valid55 || _valid28;
if(!valid55){
const _errs221 = errors;
if(typeof data23 === "string"){
if(!pattern7.test(data23)){
const err159 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
else {
const err160 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
var _valid28 = _errs221 === errors;
valid55 = valid55 || _valid28;
}
if(!valid55){
const err161 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
else {
errors = _errs196;
if(vErrors !== null){
if(_errs196){
vErrors.length = _errs196;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err162 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}

const schema165 = {"type":"object","description":"A paid snapshot of one lite pro VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.","properties":{"lite_account_id":{"description":"Account id of the lite pro VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite pro VM to snapshot. A change recreates the snapshot.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"name":{"description":"Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.","default":"snapshot-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"description":{"description":"Free-text description of the snapshot. A change recreates the snapshot.","default":"","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the snapshot order's invoice with the card on file; \`false\` leaves it unpaid and the snapshot \`Pending\`. A change recreates the snapshot.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the snapshot order. A change recreates the snapshot.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]};

function validate46(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.lite_account_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "lite_account_id"},message:"must have required property '"+"lite_account_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.liteAccountId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "liteAccountId"},message:"must have required property '"+"liteAccountId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema165.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.lite_account_id !== undefined){
let data0 = data.lite_account_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err5 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err6 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err8 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.liteAccountId !== undefined){
let data1 = data.liteAccountId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err10 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err12 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs21 = errors;
let valid7 = false;
const _errs22 = errors;
if(typeof data2 !== "string"){
const err13 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!((((((((data2 === "m") || (data2 === "a")) || (data2 === "q")) || (data2 === "s")) || (data2 === "b")) || (data2 === "t")) || (data2 === "p4")) || (data2 === "p5"))){
const err14 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema165.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid3 = _errs22 === errors;
valid7 = valid7 || _valid3;
if(!valid7){
const _errs24 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err15 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid3 = _errs24 === errors;
valid7 = valid7 || _valid3;
}
if(!valid7){
const err17 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
}
if(data.name !== undefined){
let data3 = data.name;
const _errs28 = errors;
let valid9 = false;
const _errs29 = errors;
if(typeof data3 === "string"){
if(func3(data3) > 16){
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func3(data3) < 6){
const err19 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern29.test(data3)){
const err20 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid4 = _errs29 === errors;
valid9 = valid9 || _valid4;
if(!valid9){
const _errs31 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err22 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid4 = _errs31 === errors;
valid9 = valid9 || _valid4;
}
if(!valid9){
const err24 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
}
if(data.description !== undefined){
let data4 = data.description;
const _errs35 = errors;
let valid11 = false;
const _errs36 = errors;
if(typeof data4 !== "string"){
const err25 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid5 = _errs36 === errors;
valid11 = valid11 || _valid5;
if(!valid11){
const _errs38 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err26 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/description",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid5 = _errs38 === errors;
valid11 = valid11 || _valid5;
}
if(!valid11){
const err28 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data5 = data.pay_with_credit_card;
const _errs42 = errors;
let valid13 = false;
const _errs43 = errors;
if(typeof data5 !== "boolean"){
const err29 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid6 = _errs43 === errors;
valid13 = valid13 || _valid6;
if(!valid13){
const _errs45 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err30 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid6 = _errs45 === errors;
valid13 = valid13 || _valid6;
}
if(!valid13){
const err32 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data6 = data.payWithCreditCard;
const _errs49 = errors;
let valid15 = false;
const _errs50 = errors;
if(typeof data6 !== "boolean"){
const err33 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid7 = _errs50 === errors;
valid15 = valid15 || _valid7;
if(!valid15){
const _errs52 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err34 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid7 = _errs52 === errors;
valid15 = valid15 || _valid7;
}
if(!valid15){
const err36 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data7 = data.promocode;
const _errs56 = errors;
let valid17 = false;
const _errs57 = errors;
if(typeof data7 !== "string"){
const err37 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid8 = _errs57 === errors;
valid17 = valid17 || _valid8;
if(!valid17){
const _errs59 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err38 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid8 = _errs59 === errors;
valid17 = valid17 || _valid8;
}
if(!valid17){
const err40 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data8 = data.timeouts;
const _errs63 = errors;
let valid19 = false;
const _errs64 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 in data8){
if(!((key1 === "create") || (key1 === "delete"))){
const err41 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data8.create !== undefined){
let data9 = data8.create;
const _errs68 = errors;
let valid21 = false;
const _errs69 = errors;
if(typeof data9 === "string"){
if(!pattern64.test(data9)){
const err42 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid10 = _errs69 === errors;
valid21 = valid21 || _valid10;
if(!valid21){
const _errs71 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err44 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid10 = _errs71 === errors;
valid21 = valid21 || _valid10;
}
if(!valid21){
const err46 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
}
}
if(data8.delete !== undefined){
let data10 = data8.delete;
const _errs75 = errors;
let valid23 = false;
const _errs76 = errors;
if(typeof data10 === "string"){
if(!pattern64.test(data10)){
const err47 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid11 = _errs76 === errors;
valid23 = valid23 || _valid11;
if(!valid23){
const _errs78 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err49 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid11 = _errs78 === errors;
valid23 = valid23 || _valid11;
}
if(!valid23){
const err51 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
else {
errors = _errs75;
if(vErrors !== null){
if(_errs75){
vErrors.length = _errs75;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid9 = _errs64 === errors;
valid19 = valid19 || _valid9;
if(!valid19){
const _errs81 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err53 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid9 = _errs81 === errors;
valid19 = valid19 || _valid9;
}
if(!valid19){
const err55 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate46.errors = vErrors;
return errors === 0;
}

const schema177 = {"type":"object","description":"An extra disk attached to one lite pro VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.","properties":{"product_id":{"description":"Disk product from GET /lite-pros/disks/products (the \`cloud_lite_pro_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Disk product from GET /lite-pros/disks/products (the \`cloud_lite_pro_disk_products\` data source). A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`, \`q\`, \`s\`, \`b\`, \`t\`, \`p4\`, \`p5\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a","q","s","b","t","p4","p5"]},{"$ref":"#/definitions/reference"}]},"lite_account_id":{"description":"Account id of the lite pro VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"liteAccountId":{"description":"Account id of the lite pro VM the disk is attached to. A change recreates the disk.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"service_name":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"serviceName":{"description":"Disk name, 6 to 16 letters, digits, hyphens or periods. A change recreates the disk.","default":"service-name","anyOf":[{"type":"string","minLength":6,"maxLength":16,"pattern":"^[A-Za-z0-9.-]+$"},{"$ref":"#/definitions/reference"}]},"size":{"description":"Disk size in GB, at least 30; grow-only. An increase places a paid upgrade order for the difference.","default":30,"anyOf":[{"type":"integer","minimum":30},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the disk order. A change recreates the disk.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["lite_account_id"]},{"required":["liteAccountId"]}]}]};

function validate48(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.lite_account_id === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "lite_account_id"},message:"must have required property '"+"lite_account_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.liteAccountId === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "liteAccountId"},message:"must have required property '"+"liteAccountId"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema177.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs11 = errors;
let valid4 = false;
const _errs12 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err8 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid2 = _errs12 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs14 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err9 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs14 === errors;
valid4 = valid4 || _valid2;
}
if(!valid4){
const err11 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs18 = errors;
let valid6 = false;
const _errs19 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid3 = _errs19 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs21 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err13 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid3 = _errs21 === errors;
valid6 = valid6 || _valid3;
}
if(!valid6){
const err15 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs25 = errors;
let valid8 = false;
const _errs26 = errors;
if(typeof data2 !== "string"){
const err16 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((((((((data2 === "m") || (data2 === "a")) || (data2 === "q")) || (data2 === "s")) || (data2 === "b")) || (data2 === "t")) || (data2 === "p4")) || (data2 === "p5"))){
const err17 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema177.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid4 = _errs26 === errors;
valid8 = valid8 || _valid4;
if(!valid8){
const _errs28 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err18 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid4 = _errs28 === errors;
valid8 = valid8 || _valid4;
}
if(!valid8){
const err20 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs25;
if(vErrors !== null){
if(_errs25){
vErrors.length = _errs25;
}
else {
vErrors = null;
}
}
}
}
if(data.lite_account_id !== undefined){
let data3 = data.lite_account_id;
const _errs32 = errors;
let valid10 = false;
const _errs33 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err21 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid5 = _errs33 === errors;
valid10 = valid10 || _valid5;
if(!valid10){
const _errs35 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err22 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid5 = _errs35 === errors;
valid10 = valid10 || _valid5;
}
if(!valid10){
const err24 = {instancePath:instancePath+"/lite_account_id",schemaPath:"#/properties/lite_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
}
if(data.liteAccountId !== undefined){
let data4 = data.liteAccountId;
const _errs39 = errors;
let valid12 = false;
const _errs40 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err25 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid6 = _errs40 === errors;
valid12 = valid12 || _valid6;
if(!valid12){
const _errs42 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err26 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid6 = _errs42 === errors;
valid12 = valid12 || _valid6;
}
if(!valid12){
const err28 = {instancePath:instancePath+"/liteAccountId",schemaPath:"#/properties/liteAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
}
if(data.service_name !== undefined){
let data5 = data.service_name;
const _errs46 = errors;
let valid14 = false;
const _errs47 = errors;
if(typeof data5 === "string"){
if(func3(data5) > 16){
const err29 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(func3(data5) < 6){
const err30 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!pattern29.test(data5)){
const err31 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid7 = _errs47 === errors;
valid14 = valid14 || _valid7;
if(!valid14){
const _errs49 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err33 = {instancePath:instancePath+"/service_name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/service_name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid7 = _errs49 === errors;
valid14 = valid14 || _valid7;
}
if(!valid14){
const err35 = {instancePath:instancePath+"/service_name",schemaPath:"#/properties/service_name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
errors = _errs46;
if(vErrors !== null){
if(_errs46){
vErrors.length = _errs46;
}
else {
vErrors = null;
}
}
}
}
if(data.serviceName !== undefined){
let data6 = data.serviceName;
const _errs53 = errors;
let valid16 = false;
const _errs54 = errors;
if(typeof data6 === "string"){
if(func3(data6) > 16){
const err36 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(func3(data6) < 6){
const err37 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/minLength",keyword:"minLength",params:{limit: 6},message:"must NOT have fewer than 6 characters"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!pattern29.test(data6)){
const err38 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9.-]+$"},message:"must match pattern \\""+"^[A-Za-z0-9.-]+$"+"\\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid8 = _errs54 === errors;
valid16 = valid16 || _valid8;
if(!valid16){
const _errs56 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err40 = {instancePath:instancePath+"/serviceName",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/serviceName",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid8 = _errs56 === errors;
valid16 = valid16 || _valid8;
}
if(!valid16){
const err42 = {instancePath:instancePath+"/serviceName",schemaPath:"#/properties/serviceName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
}
if(data.size !== undefined){
let data7 = data.size;
const _errs60 = errors;
let valid18 = false;
const _errs61 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err43 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 30 || isNaN(data7)){
const err44 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 30},message:"must be >= 30"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var _valid9 = _errs61 === errors;
valid18 = valid18 || _valid9;
if(!valid18){
const _errs63 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err45 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid9 = _errs63 === errors;
valid18 = valid18 || _valid9;
}
if(!valid18){
const err47 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
else {
errors = _errs60;
if(vErrors !== null){
if(_errs60){
vErrors.length = _errs60;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data8 = data.promocode;
const _errs67 = errors;
let valid20 = false;
const _errs68 = errors;
if(typeof data8 !== "string"){
const err48 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid10 = _errs68 === errors;
valid20 = valid20 || _valid10;
if(!valid20){
const _errs70 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err49 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid10 = _errs70 === errors;
valid20 = valid20 || _valid10;
}
if(!valid20){
const err51 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data9 = data.pay_with_credit_card;
const _errs74 = errors;
let valid22 = false;
const _errs75 = errors;
if(typeof data9 !== "boolean"){
const err52 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid11 = _errs75 === errors;
valid22 = valid22 || _valid11;
if(!valid22){
const _errs77 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err53 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid11 = _errs77 === errors;
valid22 = valid22 || _valid11;
}
if(!valid22){
const err55 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data10 = data.payWithCreditCard;
const _errs81 = errors;
let valid24 = false;
const _errs82 = errors;
if(typeof data10 !== "boolean"){
const err56 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid12 = _errs82 === errors;
valid24 = valid24 || _valid12;
if(!valid24){
const _errs84 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err57 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
var _valid12 = _errs84 === errors;
valid24 = valid24 || _valid12;
}
if(!valid24){
const err59 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data11 = data.timeouts;
const _errs88 = errors;
let valid26 = false;
const _errs89 = errors;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err60 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data11.create !== undefined){
let data12 = data11.create;
const _errs93 = errors;
let valid28 = false;
const _errs94 = errors;
if(typeof data12 === "string"){
if(!pattern64.test(data12)){
const err61 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid14 = _errs94 === errors;
valid28 = valid28 || _valid14;
if(!valid28){
const _errs96 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err63 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid14 = _errs96 === errors;
valid28 = valid28 || _valid14;
}
if(!valid28){
const err65 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
else {
errors = _errs93;
if(vErrors !== null){
if(_errs93){
vErrors.length = _errs93;
}
else {
vErrors = null;
}
}
}
}
if(data11.update !== undefined){
let data13 = data11.update;
const _errs100 = errors;
let valid30 = false;
const _errs101 = errors;
if(typeof data13 === "string"){
if(!pattern64.test(data13)){
const err66 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid15 = _errs101 === errors;
valid30 = valid30 || _valid15;
if(!valid30){
const _errs103 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err68 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid15 = _errs103 === errors;
valid30 = valid30 || _valid15;
}
if(!valid30){
const err70 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs100;
if(vErrors !== null){
if(_errs100){
vErrors.length = _errs100;
}
else {
vErrors = null;
}
}
}
}
if(data11.delete !== undefined){
let data14 = data11.delete;
const _errs107 = errors;
let valid32 = false;
const _errs108 = errors;
if(typeof data14 === "string"){
if(!pattern64.test(data14)){
const err71 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid16 = _errs108 === errors;
valid32 = valid32 || _valid16;
if(!valid32){
const _errs110 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err73 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid16 = _errs110 === errors;
valid32 = valid32 || _valid16;
}
if(!valid32){
const err75 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
else {
errors = _errs107;
if(vErrors !== null){
if(_errs107){
vErrors.length = _errs107;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err76 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
var _valid13 = _errs89 === errors;
valid26 = valid26 || _valid13;
if(!valid26){
const _errs113 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err77 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
else {
const err78 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid13 = _errs113 === errors;
valid26 = valid26 || _valid13;
}
if(!valid26){
const err79 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
else {
errors = _errs88;
if(vErrors !== null){
if(_errs88){
vErrors.length = _errs88;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err80 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
validate48.errors = vErrors;
return errors === 0;
}

const schema193 = {"type":"object","description":"An SSH keypair in the bare-metal pool, generated server-side or imported from a public key. Usable only by bare-metal servers.","properties":{"name":{"description":"Keypair name. Changing it recreates the keypair.","anyOf":[{"type":"string","minLength":1},{"$ref":"#/definitions/reference"}]},"public_key":{"description":"OpenSSH public key to import. When it is omitted the pair is generated server-side and this holds the generated public key. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"publicKey":{"description":"OpenSSH public key to import. When it is omitted the pair is generated server-side and this holds the generated public key. Changing it recreates the keypair.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["name"]};

function validate50(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "name") || (key0 === "public_key")) || (key0 === "publicKey"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
const _errs3 = errors;
let valid1 = false;
const _errs4 = errors;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs6 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs6 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
if(data.public_key !== undefined){
let data1 = data.public_key;
const _errs10 = errors;
let valid3 = false;
const _errs11 = errors;
if(typeof data1 !== "string"){
const err7 = {instancePath:instancePath+"/public_key",schemaPath:"#/properties/public_key/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid1 = _errs11 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs13 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err8 = {instancePath:instancePath+"/public_key",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/public_key",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid1 = _errs13 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err10 = {instancePath:instancePath+"/public_key",schemaPath:"#/properties/public_key/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
}
if(data.publicKey !== undefined){
let data2 = data.publicKey;
const _errs17 = errors;
let valid5 = false;
const _errs18 = errors;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/publicKey",schemaPath:"#/properties/publicKey/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid2 = _errs18 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs20 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err12 = {instancePath:instancePath+"/publicKey",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/publicKey",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid2 = _errs20 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err14 = {instancePath:instancePath+"/publicKey",schemaPath:"#/properties/publicKey/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate50.errors = vErrors;
return errors === 0;
}

const schema197 = {"type":"object","description":"A dedicated bare-metal server. Ordering it places a paid order and waits until it is \`Active\`; label, power state, reset and OS rebuild are managed in place.","properties":{"product_id":{"description":"Product (server model) from the \`cloud_baremetal_products\` catalog. Create-only: there is no resize operation.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product (server model) from the \`cloud_baremetal_products\` catalog. Create-only: there is no resize operation.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"select_os":{"description":"OS image installed at order time. Create-only: install another OS with \`rebuild_os\`. Refresh keeps the ordered value, so a rebuild does not make it drift; an import takes it from the service.","default":"ubuntu-22","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"selectOs":{"description":"OS image installed at order time. Create-only: install another OS with \`rebuild_os\`. Refresh keeps the ordered value, so a rebuild does not make it drift; an import takes it from the service.","default":"ubuntu-22","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"keypair_id":{"description":"SSH keypair from the bare-metal pool (\`cloud_baremetal_keypair\`) installed at order time. Create-only. Refresh keeps the ordered value; an import takes it from the service when reported.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"keypairId":{"description":"SSH keypair from the bare-metal pool (\`cloud_baremetal_keypair\`) installed at order time. Create-only. Refresh keeps the ordered value; an import takes it from the service when reported.","anyOf":[{"type":"integer"},{"$ref":"#/definitions/reference"}]},"label":{"description":"Display name of the server, 1 to 16 characters. The only input updated in place.","anyOf":[{"type":"string","minLength":1,"maxLength":16},{"$ref":"#/definitions/reference"}]},"public_ip":{"description":"Number of public IPv4 addresses ordered with the server. Create-only; the API never returns it.","default":1,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"publicIp":{"description":"Number of public IPv4 addresses ordered with the server. Create-only; the API never returns it.","default":1,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"power_state":{"description":"Desired power state, \`on\` or \`off\`. The power operation is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["on","off"]},{"$ref":"#/definitions/reference"}]},"powerState":{"description":"Desired power state, \`on\` or \`off\`. The power operation is called only when it differs from the observed state.","anyOf":[{"type":"string","enum":["on","off"]},{"$ref":"#/definitions/reference"}]},"reset_trigger":{"description":"One-shot hardware reset: a new non-empty value resets the server once; removing the value does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"resetTrigger":{"description":"One-shot hardware reset: a new non-empty value resets the server once; removing the value does nothing.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuild_os":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again and removing it does nothing. Valid values come from \`cloud_baremetal_rebuild_os_list\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"rebuildOs":{"description":"One-shot destructive OS reinstall with this image; a changed value fires it again and removing it does nothing. Valid values come from \`cloud_baremetal_rebuild_os_list\`.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle","label"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["keypair_id"]},{"required":["keypairId"]}]}]};

function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypair_id === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "keypair_id"},message:"must have required property '"+"keypair_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keypairId === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "keypairId"},message:"must have required property '"+"keypairId"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.label === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema197.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs11 = errors;
let valid4 = false;
const _errs12 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err9 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err10 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs14 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err11 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid2 = _errs14 === errors;
valid4 = valid4 || _valid2;
}
if(!valid4){
const err13 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs18 = errors;
let valid6 = false;
const _errs19 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err14 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err15 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var _valid3 = _errs19 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs21 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err16 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid3 = _errs21 === errors;
valid6 = valid6 || _valid3;
}
if(!valid6){
const err18 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs25 = errors;
let valid8 = false;
const _errs26 = errors;
if(typeof data2 !== "string"){
const err19 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!((data2 === "m") || (data2 === "a"))){
const err20 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema197.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid4 = _errs26 === errors;
valid8 = valid8 || _valid4;
if(!valid8){
const _errs28 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err21 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid4 = _errs28 === errors;
valid8 = valid8 || _valid4;
}
if(!valid8){
const err23 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs25;
if(vErrors !== null){
if(_errs25){
vErrors.length = _errs25;
}
else {
vErrors = null;
}
}
}
}
if(data.select_os !== undefined){
let data3 = data.select_os;
const _errs32 = errors;
let valid10 = false;
const _errs33 = errors;
if(typeof data3 !== "string"){
const err24 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid5 = _errs33 === errors;
valid10 = valid10 || _valid5;
if(!valid10){
const _errs35 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err25 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/select_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid5 = _errs35 === errors;
valid10 = valid10 || _valid5;
}
if(!valid10){
const err27 = {instancePath:instancePath+"/select_os",schemaPath:"#/properties/select_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
}
if(data.selectOs !== undefined){
let data4 = data.selectOs;
const _errs39 = errors;
let valid12 = false;
const _errs40 = errors;
if(typeof data4 !== "string"){
const err28 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid6 = _errs40 === errors;
valid12 = valid12 || _valid6;
if(!valid12){
const _errs42 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err29 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/selectOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid6 = _errs42 === errors;
valid12 = valid12 || _valid6;
}
if(!valid12){
const err31 = {instancePath:instancePath+"/selectOs",schemaPath:"#/properties/selectOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
}
if(data.keypair_id !== undefined){
let data5 = data.keypair_id;
const _errs46 = errors;
let valid14 = false;
const _errs47 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err32 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid7 = _errs47 === errors;
valid14 = valid14 || _valid7;
if(!valid14){
const _errs49 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err33 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid7 = _errs49 === errors;
valid14 = valid14 || _valid7;
}
if(!valid14){
const err35 = {instancePath:instancePath+"/keypair_id",schemaPath:"#/properties/keypair_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
errors = _errs46;
if(vErrors !== null){
if(_errs46){
vErrors.length = _errs46;
}
else {
vErrors = null;
}
}
}
}
if(data.keypairId !== undefined){
let data6 = data.keypairId;
const _errs53 = errors;
let valid16 = false;
const _errs54 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err36 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid8 = _errs54 === errors;
valid16 = valid16 || _valid8;
if(!valid16){
const _errs56 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err37 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/keypairId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid8 = _errs56 === errors;
valid16 = valid16 || _valid8;
}
if(!valid16){
const err39 = {instancePath:instancePath+"/keypairId",schemaPath:"#/properties/keypairId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
}
if(data.label !== undefined){
let data7 = data.label;
const _errs60 = errors;
let valid18 = false;
const _errs61 = errors;
if(typeof data7 === "string"){
if(func3(data7) > 16){
const err40 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 16},message:"must NOT have more than 16 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(func3(data7) < 1){
const err41 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/anyOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid9 = _errs61 === errors;
valid18 = valid18 || _valid9;
if(!valid18){
const _errs63 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err43 = {instancePath:instancePath+"/label",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/label",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid9 = _errs63 === errors;
valid18 = valid18 || _valid9;
}
if(!valid18){
const err45 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
else {
errors = _errs60;
if(vErrors !== null){
if(_errs60){
vErrors.length = _errs60;
}
else {
vErrors = null;
}
}
}
}
if(data.public_ip !== undefined){
let data8 = data.public_ip;
const _errs67 = errors;
let valid20 = false;
const _errs68 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err46 = {instancePath:instancePath+"/public_ip",schemaPath:"#/properties/public_ip/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 1 || isNaN(data8)){
const err47 = {instancePath:instancePath+"/public_ip",schemaPath:"#/properties/public_ip/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
var _valid10 = _errs68 === errors;
valid20 = valid20 || _valid10;
if(!valid20){
const _errs70 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err48 = {instancePath:instancePath+"/public_ip",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/public_ip",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
var _valid10 = _errs70 === errors;
valid20 = valid20 || _valid10;
}
if(!valid20){
const err50 = {instancePath:instancePath+"/public_ip",schemaPath:"#/properties/public_ip/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
}
if(data.publicIp !== undefined){
let data9 = data.publicIp;
const _errs74 = errors;
let valid22 = false;
const _errs75 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err51 = {instancePath:instancePath+"/publicIp",schemaPath:"#/properties/publicIp/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err52 = {instancePath:instancePath+"/publicIp",schemaPath:"#/properties/publicIp/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
var _valid11 = _errs75 === errors;
valid22 = valid22 || _valid11;
if(!valid22){
const _errs77 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err53 = {instancePath:instancePath+"/publicIp",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/publicIp",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid11 = _errs77 === errors;
valid22 = valid22 || _valid11;
}
if(!valid22){
const err55 = {instancePath:instancePath+"/publicIp",schemaPath:"#/properties/publicIp/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data10 = data.promocode;
const _errs81 = errors;
let valid24 = false;
const _errs82 = errors;
if(typeof data10 !== "string"){
const err56 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid12 = _errs82 === errors;
valid24 = valid24 || _valid12;
if(!valid24){
const _errs84 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err57 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
var _valid12 = _errs84 === errors;
valid24 = valid24 || _valid12;
}
if(!valid24){
const err59 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data11 = data.pay_with_credit_card;
const _errs88 = errors;
let valid26 = false;
const _errs89 = errors;
if(typeof data11 !== "boolean"){
const err60 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var _valid13 = _errs89 === errors;
valid26 = valid26 || _valid13;
if(!valid26){
const _errs91 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err61 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid13 = _errs91 === errors;
valid26 = valid26 || _valid13;
}
if(!valid26){
const err63 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
else {
errors = _errs88;
if(vErrors !== null){
if(_errs88){
vErrors.length = _errs88;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data12 = data.payWithCreditCard;
const _errs95 = errors;
let valid28 = false;
const _errs96 = errors;
if(typeof data12 !== "boolean"){
const err64 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid14 = _errs96 === errors;
valid28 = valid28 || _valid14;
if(!valid28){
const _errs98 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err65 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
var _valid14 = _errs98 === errors;
valid28 = valid28 || _valid14;
}
if(!valid28){
const err67 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
else {
errors = _errs95;
if(vErrors !== null){
if(_errs95){
vErrors.length = _errs95;
}
else {
vErrors = null;
}
}
}
}
if(data.power_state !== undefined){
let data13 = data.power_state;
const _errs102 = errors;
let valid30 = false;
const _errs103 = errors;
if(typeof data13 !== "string"){
const err68 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(!((data13 === "on") || (data13 === "off"))){
const err69 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema197.properties.power_state.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid15 = _errs103 === errors;
valid30 = valid30 || _valid15;
if(!valid30){
const _errs105 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err70 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
else {
const err71 = {instancePath:instancePath+"/power_state",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid15 = _errs105 === errors;
valid30 = valid30 || _valid15;
}
if(!valid30){
const err72 = {instancePath:instancePath+"/power_state",schemaPath:"#/properties/power_state/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
else {
errors = _errs102;
if(vErrors !== null){
if(_errs102){
vErrors.length = _errs102;
}
else {
vErrors = null;
}
}
}
}
if(data.powerState !== undefined){
let data14 = data.powerState;
const _errs109 = errors;
let valid32 = false;
const _errs110 = errors;
if(typeof data14 !== "string"){
const err73 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(!((data14 === "on") || (data14 === "off"))){
const err74 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema197.properties.powerState.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid16 = _errs110 === errors;
valid32 = valid32 || _valid16;
if(!valid32){
const _errs112 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err75 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
else {
const err76 = {instancePath:instancePath+"/powerState",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
var _valid16 = _errs112 === errors;
valid32 = valid32 || _valid16;
}
if(!valid32){
const err77 = {instancePath:instancePath+"/powerState",schemaPath:"#/properties/powerState/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
else {
errors = _errs109;
if(vErrors !== null){
if(_errs109){
vErrors.length = _errs109;
}
else {
vErrors = null;
}
}
}
}
if(data.reset_trigger !== undefined){
let data15 = data.reset_trigger;
const _errs116 = errors;
let valid34 = false;
const _errs117 = errors;
if(typeof data15 !== "string"){
const err78 = {instancePath:instancePath+"/reset_trigger",schemaPath:"#/properties/reset_trigger/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid17 = _errs117 === errors;
valid34 = valid34 || _valid17;
if(!valid34){
const _errs119 = errors;
if(typeof data15 === "string"){
if(!pattern7.test(data15)){
const err79 = {instancePath:instancePath+"/reset_trigger",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
else {
const err80 = {instancePath:instancePath+"/reset_trigger",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
var _valid17 = _errs119 === errors;
valid34 = valid34 || _valid17;
}
if(!valid34){
const err81 = {instancePath:instancePath+"/reset_trigger",schemaPath:"#/properties/reset_trigger/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
else {
errors = _errs116;
if(vErrors !== null){
if(_errs116){
vErrors.length = _errs116;
}
else {
vErrors = null;
}
}
}
}
if(data.resetTrigger !== undefined){
let data16 = data.resetTrigger;
const _errs123 = errors;
let valid36 = false;
const _errs124 = errors;
if(typeof data16 !== "string"){
const err82 = {instancePath:instancePath+"/resetTrigger",schemaPath:"#/properties/resetTrigger/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
var _valid18 = _errs124 === errors;
valid36 = valid36 || _valid18;
if(!valid36){
const _errs126 = errors;
if(typeof data16 === "string"){
if(!pattern7.test(data16)){
const err83 = {instancePath:instancePath+"/resetTrigger",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
else {
const err84 = {instancePath:instancePath+"/resetTrigger",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
var _valid18 = _errs126 === errors;
valid36 = valid36 || _valid18;
}
if(!valid36){
const err85 = {instancePath:instancePath+"/resetTrigger",schemaPath:"#/properties/resetTrigger/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
else {
errors = _errs123;
if(vErrors !== null){
if(_errs123){
vErrors.length = _errs123;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuild_os !== undefined){
let data17 = data.rebuild_os;
const _errs130 = errors;
let valid38 = false;
const _errs131 = errors;
if(typeof data17 !== "string"){
const err86 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid19 = _errs131 === errors;
valid38 = valid38 || _valid19;
if(!valid38){
const _errs133 = errors;
if(typeof data17 === "string"){
if(!pattern7.test(data17)){
const err87 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
var _valid19 = _errs133 === errors;
valid38 = valid38 || _valid19;
}
if(!valid38){
const err89 = {instancePath:instancePath+"/rebuild_os",schemaPath:"#/properties/rebuild_os/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
else {
errors = _errs130;
if(vErrors !== null){
if(_errs130){
vErrors.length = _errs130;
}
else {
vErrors = null;
}
}
}
}
if(data.rebuildOs !== undefined){
let data18 = data.rebuildOs;
const _errs137 = errors;
let valid40 = false;
const _errs138 = errors;
if(typeof data18 !== "string"){
const err90 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
var _valid20 = _errs138 === errors;
valid40 = valid40 || _valid20;
if(!valid40){
const _errs140 = errors;
if(typeof data18 === "string"){
if(!pattern7.test(data18)){
const err91 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
else {
const err92 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
var _valid20 = _errs140 === errors;
valid40 = valid40 || _valid20;
}
if(!valid40){
const err93 = {instancePath:instancePath+"/rebuildOs",schemaPath:"#/properties/rebuildOs/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
else {
errors = _errs137;
if(vErrors !== null){
if(_errs137){
vErrors.length = _errs137;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data19 = data.timeouts;
const _errs144 = errors;
let valid42 = false;
const _errs145 = errors;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
for(const key1 in data19){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err94 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data19.create !== undefined){
let data20 = data19.create;
const _errs149 = errors;
let valid44 = false;
const _errs150 = errors;
if(typeof data20 === "string"){
if(!pattern64.test(data20)){
const err95 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
else {
const err96 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid22 = _errs150 === errors;
valid44 = valid44 || _valid22;
if(!valid44){
const _errs152 = errors;
if(typeof data20 === "string"){
if(!pattern7.test(data20)){
const err97 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
else {
const err98 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid22 = _errs152 === errors;
valid44 = valid44 || _valid22;
}
if(!valid44){
const err99 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
else {
errors = _errs149;
if(vErrors !== null){
if(_errs149){
vErrors.length = _errs149;
}
else {
vErrors = null;
}
}
}
}
if(data19.update !== undefined){
let data21 = data19.update;
const _errs156 = errors;
let valid46 = false;
const _errs157 = errors;
if(typeof data21 === "string"){
if(!pattern64.test(data21)){
const err100 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
var _valid23 = _errs157 === errors;
valid46 = valid46 || _valid23;
if(!valid46){
const _errs159 = errors;
if(typeof data21 === "string"){
if(!pattern7.test(data21)){
const err102 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
else {
const err103 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
var _valid23 = _errs159 === errors;
valid46 = valid46 || _valid23;
}
if(!valid46){
const err104 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
else {
errors = _errs156;
if(vErrors !== null){
if(_errs156){
vErrors.length = _errs156;
}
else {
vErrors = null;
}
}
}
}
if(data19.delete !== undefined){
let data22 = data19.delete;
const _errs163 = errors;
let valid48 = false;
const _errs164 = errors;
if(typeof data22 === "string"){
if(!pattern64.test(data22)){
const err105 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
else {
const err106 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
var _valid24 = _errs164 === errors;
valid48 = valid48 || _valid24;
if(!valid48){
const _errs166 = errors;
if(typeof data22 === "string"){
if(!pattern7.test(data22)){
const err107 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
var _valid24 = _errs166 === errors;
valid48 = valid48 || _valid24;
}
if(!valid48){
const err109 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
else {
errors = _errs163;
if(vErrors !== null){
if(_errs163){
vErrors.length = _errs163;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err110 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
var _valid21 = _errs145 === errors;
valid42 = valid42 || _valid21;
if(!valid42){
const _errs169 = errors;
if(typeof data19 === "string"){
if(!pattern7.test(data19)){
const err111 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
var _valid21 = _errs169 === errors;
valid42 = valid42 || _valid21;
}
if(!valid42){
const err113 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
else {
errors = _errs144;
if(vErrors !== null){
if(_errs144){
vErrors.length = _errs144;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err114 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}

const schema221 = {"type":"object","description":"An additional (floating) public IPv4 address, ordered independently of any server. Ordering it places a paid order and waits until it is \`Active\`.","properties":{"product_id":{"description":"Product from the \`cloud_baremetal_additional_ip_products\` catalog. Changing it recreates the address.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product from the \`cloud_baremetal_additional_ip_products\` catalog. Changing it recreates the address.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"region":{"description":"Region of the address, one of \`cloud_baremetal_additional_ip_regions\`. Changing it recreates the address. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","default":"wjv-1","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]}]};

function validate54(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "product_id") || (key0 === "productId")) || (key0 === "cycle")) || (key0 === "region")) || (key0 === "promocode")) || (key0 === "pay_with_credit_card")) || (key0 === "payWithCreditCard")) || (key0 === "timeouts"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err5 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err6 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs10 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err7 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid1 = _errs10 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err9 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs14 = errors;
let valid5 = false;
const _errs15 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err10 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err11 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
var _valid2 = _errs15 === errors;
valid5 = valid5 || _valid2;
if(!valid5){
const _errs17 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err12 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid2 = _errs17 === errors;
valid5 = valid5 || _valid2;
}
if(!valid5){
const err14 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs21 = errors;
let valid7 = false;
const _errs22 = errors;
if(typeof data2 !== "string"){
const err15 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!((data2 === "m") || (data2 === "a"))){
const err16 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema221.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid3 = _errs22 === errors;
valid7 = valid7 || _valid3;
if(!valid7){
const _errs24 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err17 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid3 = _errs24 === errors;
valid7 = valid7 || _valid3;
}
if(!valid7){
const err19 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
}
if(data.region !== undefined){
let data3 = data.region;
const _errs28 = errors;
let valid9 = false;
const _errs29 = errors;
if(typeof data3 !== "string"){
const err20 = {instancePath:instancePath+"/region",schemaPath:"#/properties/region/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid4 = _errs29 === errors;
valid9 = valid9 || _valid4;
if(!valid9){
const _errs31 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err21 = {instancePath:instancePath+"/region",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/region",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid4 = _errs31 === errors;
valid9 = valid9 || _valid4;
}
if(!valid9){
const err23 = {instancePath:instancePath+"/region",schemaPath:"#/properties/region/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data4 = data.promocode;
const _errs35 = errors;
let valid11 = false;
const _errs36 = errors;
if(typeof data4 !== "string"){
const err24 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid5 = _errs36 === errors;
valid11 = valid11 || _valid5;
if(!valid11){
const _errs38 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err25 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid5 = _errs38 === errors;
valid11 = valid11 || _valid5;
}
if(!valid11){
const err27 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data5 = data.pay_with_credit_card;
const _errs42 = errors;
let valid13 = false;
const _errs43 = errors;
if(typeof data5 !== "boolean"){
const err28 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid6 = _errs43 === errors;
valid13 = valid13 || _valid6;
if(!valid13){
const _errs45 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err29 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid6 = _errs45 === errors;
valid13 = valid13 || _valid6;
}
if(!valid13){
const err31 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data6 = data.payWithCreditCard;
const _errs49 = errors;
let valid15 = false;
const _errs50 = errors;
if(typeof data6 !== "boolean"){
const err32 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid7 = _errs50 === errors;
valid15 = valid15 || _valid7;
if(!valid15){
const _errs52 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err33 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid7 = _errs52 === errors;
valid15 = valid15 || _valid7;
}
if(!valid15){
const err35 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data7 = data.timeouts;
const _errs56 = errors;
let valid17 = false;
const _errs57 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
for(const key1 in data7){
if(!((key1 === "create") || (key1 === "delete"))){
const err36 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data7.create !== undefined){
let data8 = data7.create;
const _errs61 = errors;
let valid19 = false;
const _errs62 = errors;
if(typeof data8 === "string"){
if(!pattern64.test(data8)){
const err37 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid9 = _errs62 === errors;
valid19 = valid19 || _valid9;
if(!valid19){
const _errs64 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err39 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid9 = _errs64 === errors;
valid19 = valid19 || _valid9;
}
if(!valid19){
const err41 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
else {
errors = _errs61;
if(vErrors !== null){
if(_errs61){
vErrors.length = _errs61;
}
else {
vErrors = null;
}
}
}
}
if(data7.delete !== undefined){
let data9 = data7.delete;
const _errs68 = errors;
let valid21 = false;
const _errs69 = errors;
if(typeof data9 === "string"){
if(!pattern64.test(data9)){
const err42 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid10 = _errs69 === errors;
valid21 = valid21 || _valid10;
if(!valid21){
const _errs71 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err44 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid10 = _errs71 === errors;
valid21 = valid21 || _valid10;
}
if(!valid21){
const err46 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err47 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid8 = _errs57 === errors;
valid17 = valid17 || _valid8;
if(!valid17){
const _errs74 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err48 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
var _valid8 = _errs74 === errors;
valid17 = valid17 || _valid8;
}
if(!valid17){
const err50 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
validate54.errors = vErrors;
return errors === 0;
}

const schema232 = {"type":"object","description":"Attaches an additional IP to a bare-metal server. Not a paid order. Moving the address to another server destroys and recreates the assignment.","properties":{"additional_ip_id":{"description":"Account id of the additional IP to attach (\`cloud_baremetal_additional_ip\`). Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"additionalIpId":{"description":"Account id of the additional IP to attach (\`cloud_baremetal_additional_ip\`). Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metal_account_id":{"description":"Account id of the bare-metal server that receives the address. Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metalAccountId":{"description":"Account id of the bare-metal server that receives the address. Changing it recreates the assignment.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"allOf":[{"anyOf":[{"required":["additional_ip_id"]},{"required":["additionalIpId"]}]},{"anyOf":[{"required":["metal_account_id"]},{"required":["metalAccountId"]}]}]};

function validate56(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.additional_ip_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "additional_ip_id"},message:"must have required property '"+"additional_ip_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.additionalIpId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "additionalIpId"},message:"must have required property '"+"additionalIpId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.metal_account_id === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "metal_account_id"},message:"must have required property '"+"metal_account_id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.metalAccountId === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "metalAccountId"},message:"must have required property '"+"metalAccountId"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "additional_ip_id") || (key0 === "additionalIpId")) || (key0 === "metal_account_id")) || (key0 === "metalAccountId"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.additional_ip_id !== undefined){
let data0 = data.additional_ip_id;
const _errs11 = errors;
let valid4 = false;
const _errs12 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err7 = {instancePath:instancePath+"/additional_ip_id",schemaPath:"#/properties/additional_ip_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err8 = {instancePath:instancePath+"/additional_ip_id",schemaPath:"#/properties/additional_ip_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const _errs14 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err9 = {instancePath:instancePath+"/additional_ip_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/additional_ip_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid2 = _errs14 === errors;
valid4 = valid4 || _valid2;
}
if(!valid4){
const err11 = {instancePath:instancePath+"/additional_ip_id",schemaPath:"#/properties/additional_ip_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
if(data.additionalIpId !== undefined){
let data1 = data.additionalIpId;
const _errs18 = errors;
let valid6 = false;
const _errs19 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/additionalIpId",schemaPath:"#/properties/additionalIpId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/additionalIpId",schemaPath:"#/properties/additionalIpId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var _valid3 = _errs19 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const _errs21 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err14 = {instancePath:instancePath+"/additionalIpId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/additionalIpId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid3 = _errs21 === errors;
valid6 = valid6 || _valid3;
}
if(!valid6){
const err16 = {instancePath:instancePath+"/additionalIpId",schemaPath:"#/properties/additionalIpId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
if(data.metal_account_id !== undefined){
let data2 = data.metal_account_id;
const _errs25 = errors;
let valid8 = false;
const _errs26 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err17 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err18 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var _valid4 = _errs26 === errors;
valid8 = valid8 || _valid4;
if(!valid8){
const _errs28 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err19 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid4 = _errs28 === errors;
valid8 = valid8 || _valid4;
}
if(!valid8){
const err21 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs25;
if(vErrors !== null){
if(_errs25){
vErrors.length = _errs25;
}
else {
vErrors = null;
}
}
}
}
if(data.metalAccountId !== undefined){
let data3 = data.metalAccountId;
const _errs32 = errors;
let valid10 = false;
const _errs33 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err22 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err23 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
var _valid5 = _errs33 === errors;
valid10 = valid10 || _valid5;
if(!valid10){
const _errs35 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err24 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid5 = _errs35 === errors;
valid10 = valid10 || _valid5;
}
if(!valid10){
const err26 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate56.errors = vErrors;
return errors === 0;
}

const schema237 = {"type":"object","description":"An elastic block-storage volume bound permanently to one bare-metal server. Ordering it places a paid order and waits until it is \`Active\`; size growth and package changes are paid orders in place.","properties":{"product_id":{"description":"Product from the \`cloud_baremetal_elastic_storage_products\` catalog. A change places a paid change-package order.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"productId":{"description":"Product from the \`cloud_baremetal_elastic_storage_products\` catalog. A change places a paid change-package order.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"cycle":{"description":"Billing cycle: \`m\`, \`a\`. The API never returns it.","anyOf":[{"type":"string","enum":["m","a"]},{"$ref":"#/definitions/reference"}]},"storage_name":{"description":"Name of the volume. Changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"string","minLength":1,"maxLength":64},{"$ref":"#/definitions/reference"}]},"storageName":{"description":"Name of the volume. Changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"string","minLength":1,"maxLength":64},{"$ref":"#/definitions/reference"}]},"metal_account_id":{"description":"Account id of the bare-metal server the volume is bound to. There is no re-attach operation: changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"metalAccountId":{"description":"Account id of the bare-metal server the volume is bound to. There is no re-attach operation: changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.","anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"size":{"description":"Total size of the volume in GB; grow-only. An increase places a paid upgrade to the new total size.","default":100,"anyOf":[{"type":"integer","minimum":1},{"$ref":"#/definitions/reference"}]},"promocode":{"description":"Promotion code for the order; create-only.","anyOf":[{"type":"string"},{"$ref":"#/definitions/reference"}]},"pay_with_credit_card":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"payWithCreditCard":{"description":"Pay the order's invoice with the card on file. \`false\` leaves the invoice unpaid and the resource \`Pending\`.","default":true,"anyOf":[{"type":"boolean"},{"$ref":"#/definitions/reference"}]},"timeouts":{"description":"Per-operation time limits (create, update, delete).","anyOf":[{"type":"object","properties":{"create":{"description":"Time limit of create, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"update":{"description":"Time limit of update, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`20m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]},"delete":{"description":"Time limit of delete, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`10m\`).","anyOf":[{"type":"string","pattern":"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false},{"$ref":"#/definitions/reference"}]}},"additionalProperties":false,"required":["cycle"],"allOf":[{"anyOf":[{"required":["product_id"]},{"required":["productId"]}]},{"anyOf":[{"required":["storage_name"]},{"required":["storageName"]}]},{"anyOf":[{"required":["metal_account_id"]},{"required":["metalAccountId"]}]}]};

function validate58(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.product_id === undefined){
const err0 = {instancePath,schemaPath:"#/allOf/0/anyOf/0/required",keyword:"required",params:{missingProperty: "product_id"},message:"must have required property '"+"product_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.productId === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/anyOf/1/required",keyword:"required",params:{missingProperty: "productId"},message:"must have required property '"+"productId"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.storage_name === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/1/anyOf/0/required",keyword:"required",params:{missingProperty: "storage_name"},message:"must have required property '"+"storage_name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.storageName === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/1/anyOf/1/required",keyword:"required",params:{missingProperty: "storageName"},message:"must have required property '"+"storageName"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs8 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err5 = {instancePath,schemaPath:"#/allOf/1/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
const _errs10 = errors;
let valid3 = false;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.metal_account_id === undefined){
const err6 = {instancePath,schemaPath:"#/allOf/2/anyOf/0/required",keyword:"required",params:{missingProperty: "metal_account_id"},message:"must have required property '"+"metal_account_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid2 = _errs11 === errors;
valid3 = valid3 || _valid2;
if(!valid3){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.metalAccountId === undefined){
const err7 = {instancePath,schemaPath:"#/allOf/2/anyOf/1/required",keyword:"required",params:{missingProperty: "metalAccountId"},message:"must have required property '"+"metalAccountId"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid2 = _errs12 === errors;
valid3 = valid3 || _valid2;
}
if(!valid3){
const err8 = {instancePath,schemaPath:"#/allOf/2/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cycle === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cycle"},message:"must have required property '"+"cycle"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema237.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.product_id !== undefined){
let data0 = data.product_id;
const _errs15 = errors;
let valid5 = false;
const _errs16 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err11 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err12 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid3 = _errs16 === errors;
valid5 = valid5 || _valid3;
if(!valid5){
const _errs18 = errors;
if(typeof data0 === "string"){
if(!pattern7.test(data0)){
const err13 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/product_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid3 = _errs18 === errors;
valid5 = valid5 || _valid3;
}
if(!valid5){
const err15 = {instancePath:instancePath+"/product_id",schemaPath:"#/properties/product_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
}
}
if(data.productId !== undefined){
let data1 = data.productId;
const _errs22 = errors;
let valid7 = false;
const _errs23 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err16 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err17 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var _valid4 = _errs23 === errors;
valid7 = valid7 || _valid4;
if(!valid7){
const _errs25 = errors;
if(typeof data1 === "string"){
if(!pattern7.test(data1)){
const err18 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/productId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid4 = _errs25 === errors;
valid7 = valid7 || _valid4;
}
if(!valid7){
const err20 = {instancePath:instancePath+"/productId",schemaPath:"#/properties/productId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs22;
if(vErrors !== null){
if(_errs22){
vErrors.length = _errs22;
}
else {
vErrors = null;
}
}
}
}
if(data.cycle !== undefined){
let data2 = data.cycle;
const _errs29 = errors;
let valid9 = false;
const _errs30 = errors;
if(typeof data2 !== "string"){
const err21 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!((data2 === "m") || (data2 === "a"))){
const err22 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema237.properties.cycle.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid5 = _errs30 === errors;
valid9 = valid9 || _valid5;
if(!valid9){
const _errs32 = errors;
if(typeof data2 === "string"){
if(!pattern7.test(data2)){
const err23 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/cycle",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid5 = _errs32 === errors;
valid9 = valid9 || _valid5;
}
if(!valid9){
const err25 = {instancePath:instancePath+"/cycle",schemaPath:"#/properties/cycle/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
}
}
if(data.storage_name !== undefined){
let data3 = data.storage_name;
const _errs36 = errors;
let valid11 = false;
const _errs37 = errors;
if(typeof data3 === "string"){
if(func3(data3) > 64){
const err26 = {instancePath:instancePath+"/storage_name",schemaPath:"#/properties/storage_name/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(func3(data3) < 1){
const err27 = {instancePath:instancePath+"/storage_name",schemaPath:"#/properties/storage_name/anyOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/storage_name",schemaPath:"#/properties/storage_name/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid6 = _errs37 === errors;
valid11 = valid11 || _valid6;
if(!valid11){
const _errs39 = errors;
if(typeof data3 === "string"){
if(!pattern7.test(data3)){
const err29 = {instancePath:instancePath+"/storage_name",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/storage_name",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid6 = _errs39 === errors;
valid11 = valid11 || _valid6;
}
if(!valid11){
const err31 = {instancePath:instancePath+"/storage_name",schemaPath:"#/properties/storage_name/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs36;
if(vErrors !== null){
if(_errs36){
vErrors.length = _errs36;
}
else {
vErrors = null;
}
}
}
}
if(data.storageName !== undefined){
let data4 = data.storageName;
const _errs43 = errors;
let valid13 = false;
const _errs44 = errors;
if(typeof data4 === "string"){
if(func3(data4) > 64){
const err32 = {instancePath:instancePath+"/storageName",schemaPath:"#/properties/storageName/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(func3(data4) < 1){
const err33 = {instancePath:instancePath+"/storageName",schemaPath:"#/properties/storageName/anyOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/storageName",schemaPath:"#/properties/storageName/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid7 = _errs44 === errors;
valid13 = valid13 || _valid7;
if(!valid13){
const _errs46 = errors;
if(typeof data4 === "string"){
if(!pattern7.test(data4)){
const err35 = {instancePath:instancePath+"/storageName",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/storageName",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid7 = _errs46 === errors;
valid13 = valid13 || _valid7;
}
if(!valid13){
const err37 = {instancePath:instancePath+"/storageName",schemaPath:"#/properties/storageName/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
else {
errors = _errs43;
if(vErrors !== null){
if(_errs43){
vErrors.length = _errs43;
}
else {
vErrors = null;
}
}
}
}
if(data.metal_account_id !== undefined){
let data5 = data.metal_account_id;
const _errs50 = errors;
let valid15 = false;
const _errs51 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err38 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err39 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
var _valid8 = _errs51 === errors;
valid15 = valid15 || _valid8;
if(!valid15){
const _errs53 = errors;
if(typeof data5 === "string"){
if(!pattern7.test(data5)){
const err40 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid8 = _errs53 === errors;
valid15 = valid15 || _valid8;
}
if(!valid15){
const err42 = {instancePath:instancePath+"/metal_account_id",schemaPath:"#/properties/metal_account_id/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs50;
if(vErrors !== null){
if(_errs50){
vErrors.length = _errs50;
}
else {
vErrors = null;
}
}
}
}
if(data.metalAccountId !== undefined){
let data6 = data.metalAccountId;
const _errs57 = errors;
let valid17 = false;
const _errs58 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err43 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err44 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var _valid9 = _errs58 === errors;
valid17 = valid17 || _valid9;
if(!valid17){
const _errs60 = errors;
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err45 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid9 = _errs60 === errors;
valid17 = valid17 || _valid9;
}
if(!valid17){
const err47 = {instancePath:instancePath+"/metalAccountId",schemaPath:"#/properties/metalAccountId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
else {
errors = _errs57;
if(vErrors !== null){
if(_errs57){
vErrors.length = _errs57;
}
else {
vErrors = null;
}
}
}
}
if(data.size !== undefined){
let data7 = data.size;
const _errs64 = errors;
let valid19 = false;
const _errs65 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err48 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err49 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
var _valid10 = _errs65 === errors;
valid19 = valid19 || _valid10;
if(!valid19){
const _errs67 = errors;
if(typeof data7 === "string"){
if(!pattern7.test(data7)){
const err50 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/size",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid10 = _errs67 === errors;
valid19 = valid19 || _valid10;
}
if(!valid19){
const err52 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
else {
errors = _errs64;
if(vErrors !== null){
if(_errs64){
vErrors.length = _errs64;
}
else {
vErrors = null;
}
}
}
}
if(data.promocode !== undefined){
let data8 = data.promocode;
const _errs71 = errors;
let valid21 = false;
const _errs72 = errors;
if(typeof data8 !== "string"){
const err53 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid11 = _errs72 === errors;
valid21 = valid21 || _valid11;
if(!valid21){
const _errs74 = errors;
if(typeof data8 === "string"){
if(!pattern7.test(data8)){
const err54 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/promocode",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid11 = _errs74 === errors;
valid21 = valid21 || _valid11;
}
if(!valid21){
const err56 = {instancePath:instancePath+"/promocode",schemaPath:"#/properties/promocode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
else {
errors = _errs71;
if(vErrors !== null){
if(_errs71){
vErrors.length = _errs71;
}
else {
vErrors = null;
}
}
}
}
if(data.pay_with_credit_card !== undefined){
let data9 = data.pay_with_credit_card;
const _errs78 = errors;
let valid23 = false;
const _errs79 = errors;
if(typeof data9 !== "boolean"){
const err57 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid12 = _errs79 === errors;
valid23 = valid23 || _valid12;
if(!valid23){
const _errs81 = errors;
if(typeof data9 === "string"){
if(!pattern7.test(data9)){
const err58 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var _valid12 = _errs81 === errors;
valid23 = valid23 || _valid12;
}
if(!valid23){
const err60 = {instancePath:instancePath+"/pay_with_credit_card",schemaPath:"#/properties/pay_with_credit_card/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
errors = _errs78;
if(vErrors !== null){
if(_errs78){
vErrors.length = _errs78;
}
else {
vErrors = null;
}
}
}
}
if(data.payWithCreditCard !== undefined){
let data10 = data.payWithCreditCard;
const _errs85 = errors;
let valid25 = false;
const _errs86 = errors;
if(typeof data10 !== "boolean"){
const err61 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
var _valid13 = _errs86 === errors;
valid25 = valid25 || _valid13;
if(!valid25){
const _errs88 = errors;
if(typeof data10 === "string"){
if(!pattern7.test(data10)){
const err62 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid13 = _errs88 === errors;
valid25 = valid25 || _valid13;
}
if(!valid25){
const err64 = {instancePath:instancePath+"/payWithCreditCard",schemaPath:"#/properties/payWithCreditCard/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
else {
errors = _errs85;
if(vErrors !== null){
if(_errs85){
vErrors.length = _errs85;
}
else {
vErrors = null;
}
}
}
}
if(data.timeouts !== undefined){
let data11 = data.timeouts;
const _errs92 = errors;
let valid27 = false;
const _errs93 = errors;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
if(!(((key1 === "create") || (key1 === "update")) || (key1 === "delete"))){
const err65 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data11.create !== undefined){
let data12 = data11.create;
const _errs97 = errors;
let valid29 = false;
const _errs98 = errors;
if(typeof data12 === "string"){
if(!pattern64.test(data12)){
const err66 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid15 = _errs98 === errors;
valid29 = valid29 || _valid15;
if(!valid29){
const _errs100 = errors;
if(typeof data12 === "string"){
if(!pattern7.test(data12)){
const err68 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid15 = _errs100 === errors;
valid29 = valid29 || _valid15;
}
if(!valid29){
const err70 = {instancePath:instancePath+"/timeouts/create",schemaPath:"#/properties/timeouts/anyOf/0/properties/create/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs97;
if(vErrors !== null){
if(_errs97){
vErrors.length = _errs97;
}
else {
vErrors = null;
}
}
}
}
if(data11.update !== undefined){
let data13 = data11.update;
const _errs104 = errors;
let valid31 = false;
const _errs105 = errors;
if(typeof data13 === "string"){
if(!pattern64.test(data13)){
const err71 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid16 = _errs105 === errors;
valid31 = valid31 || _valid16;
if(!valid31){
const _errs107 = errors;
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err73 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid16 = _errs107 === errors;
valid31 = valid31 || _valid16;
}
if(!valid31){
const err75 = {instancePath:instancePath+"/timeouts/update",schemaPath:"#/properties/timeouts/anyOf/0/properties/update/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
else {
errors = _errs104;
if(vErrors !== null){
if(_errs104){
vErrors.length = _errs104;
}
else {
vErrors = null;
}
}
}
}
if(data11.delete !== undefined){
let data14 = data11.delete;
const _errs111 = errors;
let valid33 = false;
const _errs112 = errors;
if(typeof data14 === "string"){
if(!pattern64.test(data14)){
const err76 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"},message:"must match pattern \\""+"^[0-9]+(\\\\.[0-9]+)?(ms|s|m|h)$"+"\\""};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid17 = _errs112 === errors;
valid33 = valid33 || _valid17;
if(!valid33){
const _errs114 = errors;
if(typeof data14 === "string"){
if(!pattern7.test(data14)){
const err78 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
var _valid17 = _errs114 === errors;
valid33 = valid33 || _valid17;
}
if(!valid33){
const err80 = {instancePath:instancePath+"/timeouts/delete",schemaPath:"#/properties/timeouts/anyOf/0/properties/delete/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
else {
errors = _errs111;
if(vErrors !== null){
if(_errs111){
vErrors.length = _errs111;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err81 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
var _valid14 = _errs93 === errors;
valid27 = valid27 || _valid14;
if(!valid27){
const _errs117 = errors;
if(typeof data11 === "string"){
if(!pattern7.test(data11)){
const err82 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/pattern",keyword:"pattern",params:{pattern: "\\\\$\\\\{"},message:"must match pattern \\""+"\\\\$\\\\{"+"\\""};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/timeouts",schemaPath:"#/definitions/reference/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
var _valid14 = _errs117 === errors;
valid27 = valid27 || _valid14;
}
if(!valid27){
const err84 = {instancePath:instancePath+"/timeouts",schemaPath:"#/properties/timeouts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
else {
errors = _errs92;
if(vErrors !== null){
if(_errs92){
vErrors.length = _errs92;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err85 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
validate58.errors = vErrors;
return errors === 0;
}


function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.type === undefined) && (missing0 = "type")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.type !== undefined){
let data0 = data.type;
if(!(((data0 === "cloud_lite_keypair") || (data0 === "lite_keypair")) || (data0 === "cloud:index:LiteKeypair"))){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err2 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate32(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err3 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs8 = errors;
let valid4 = true;
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.type === undefined) && (missing1 = "type")){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
if(data.type !== undefined){
let data2 = data.type;
if(!(((data2 === "cloud_lite_vm") || (data2 === "lite_vm")) || (data2 === "cloud:index:LiteVm"))){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
var _valid1 = _errs9 === errors;
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err6 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate34(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
errors = vErrors.length;
}
}
}
var _valid1 = _errs11 === errors;
valid4 = _valid1;
}
if(!valid4){
const err7 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs14 = errors;
let valid7 = true;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.type === undefined) && (missing2 = "type")){
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
if(data.type !== undefined){
let data4 = data.type;
if(!(((data4 === "cloud_lite_snapshot") || (data4 === "lite_snapshot")) || (data4 === "cloud:index:LiteSnapshot"))){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
var _valid2 = _errs15 === errors;
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs17 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err10 = {instancePath,schemaPath:"#/allOf/2/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate36(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
}
}
var _valid2 = _errs17 === errors;
valid7 = _valid2;
}
if(!valid7){
const err11 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs20 = errors;
let valid10 = true;
const _errs21 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.type === undefined) && (missing3 = "type")){
const err12 = {};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
else {
if(data.type !== undefined){
let data6 = data.type;
if(!(((data6 === "cloud_lite_vm_from_snapshot") || (data6 === "lite_vm_from_snapshot")) || (data6 === "cloud:index:LiteVmFromSnapshot"))){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
}
var _valid3 = _errs21 === errors;
errors = _errs20;
if(vErrors !== null){
if(_errs20){
vErrors.length = _errs20;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs23 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err14 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate38(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
}
}
var _valid3 = _errs23 === errors;
valid10 = _valid3;
}
if(!valid10){
const err15 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs26 = errors;
let valid13 = true;
const _errs27 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.type === undefined) && (missing4 = "type")){
const err16 = {};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
if(data.type !== undefined){
let data8 = data.type;
if(!(((data8 === "cloud_lite_disk") || (data8 === "lite_disk")) || (data8 === "cloud:index:LiteDisk"))){
const err17 = {};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
var _valid4 = _errs27 === errors;
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs29 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err18 = {instancePath,schemaPath:"#/allOf/4/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate40(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
}
}
var _valid4 = _errs29 === errors;
valid13 = _valid4;
}
if(!valid13){
const err19 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs32 = errors;
let valid16 = true;
const _errs33 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((data.type === undefined) && (missing5 = "type")){
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
if(data.type !== undefined){
let data10 = data.type;
if(!(((data10 === "cloud_lite_pro_keypair") || (data10 === "lite_pro_keypair")) || (data10 === "cloud:index:LiteProKeypair"))){
const err21 = {};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
}
var _valid5 = _errs33 === errors;
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs35 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err22 = {instancePath,schemaPath:"#/allOf/5/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate42(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
}
}
var _valid5 = _errs35 === errors;
valid16 = _valid5;
}
if(!valid16){
const err23 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs38 = errors;
let valid19 = true;
const _errs39 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing6;
if((data.type === undefined) && (missing6 = "type")){
const err24 = {};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
if(data.type !== undefined){
let data12 = data.type;
if(!(((data12 === "cloud_lite_pro_vm") || (data12 === "lite_pro_vm")) || (data12 === "cloud:index:LiteProVm"))){
const err25 = {};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
}
var _valid6 = _errs39 === errors;
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs41 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err26 = {instancePath,schemaPath:"#/allOf/6/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate44(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
}
}
var _valid6 = _errs41 === errors;
valid19 = _valid6;
}
if(!valid19){
const err27 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs44 = errors;
let valid22 = true;
const _errs45 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing7;
if((data.type === undefined) && (missing7 = "type")){
const err28 = {};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
if(data.type !== undefined){
let data14 = data.type;
if(!(((data14 === "cloud_lite_pro_snapshot") || (data14 === "lite_pro_snapshot")) || (data14 === "cloud:index:LiteProSnapshot"))){
const err29 = {};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
}
var _valid7 = _errs45 === errors;
errors = _errs44;
if(vErrors !== null){
if(_errs44){
vErrors.length = _errs44;
}
else {
vErrors = null;
}
}
if(_valid7){
const _errs47 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err30 = {instancePath,schemaPath:"#/allOf/7/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate46(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
errors = vErrors.length;
}
}
}
var _valid7 = _errs47 === errors;
valid22 = _valid7;
}
if(!valid22){
const err31 = {instancePath,schemaPath:"#/allOf/7/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs50 = errors;
let valid25 = true;
const _errs51 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing8;
if((data.type === undefined) && (missing8 = "type")){
const err32 = {};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
if(data.type !== undefined){
let data16 = data.type;
if(!(((data16 === "cloud_lite_pro_disk") || (data16 === "lite_pro_disk")) || (data16 === "cloud:index:LiteProDisk"))){
const err33 = {};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
}
var _valid8 = _errs51 === errors;
errors = _errs50;
if(vErrors !== null){
if(_errs50){
vErrors.length = _errs50;
}
else {
vErrors = null;
}
}
if(_valid8){
const _errs53 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err34 = {instancePath,schemaPath:"#/allOf/8/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate48(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate48.errors : vErrors.concat(validate48.errors);
errors = vErrors.length;
}
}
}
var _valid8 = _errs53 === errors;
valid25 = _valid8;
}
if(!valid25){
const err35 = {instancePath,schemaPath:"#/allOf/8/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs56 = errors;
let valid28 = true;
const _errs57 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing9;
if((data.type === undefined) && (missing9 = "type")){
const err36 = {};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
if(data.type !== undefined){
let data18 = data.type;
if(!(((data18 === "cloud_baremetal_keypair") || (data18 === "baremetal_keypair")) || (data18 === "cloud:index:BaremetalKeypair"))){
const err37 = {};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
}
var _valid9 = _errs57 === errors;
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
if(_valid9){
const _errs59 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err38 = {instancePath,schemaPath:"#/allOf/9/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate50(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
errors = vErrors.length;
}
}
}
var _valid9 = _errs59 === errors;
valid28 = _valid9;
}
if(!valid28){
const err39 = {instancePath,schemaPath:"#/allOf/9/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs62 = errors;
let valid31 = true;
const _errs63 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing10;
if((data.type === undefined) && (missing10 = "type")){
const err40 = {};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
if(data.type !== undefined){
let data20 = data.type;
if(!(((data20 === "cloud_baremetal") || (data20 === "baremetal")) || (data20 === "cloud:index:Baremetal"))){
const err41 = {};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
var _valid10 = _errs63 === errors;
errors = _errs62;
if(vErrors !== null){
if(_errs62){
vErrors.length = _errs62;
}
else {
vErrors = null;
}
}
if(_valid10){
const _errs65 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err42 = {instancePath,schemaPath:"#/allOf/10/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate52(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate52.errors : vErrors.concat(validate52.errors);
errors = vErrors.length;
}
}
}
var _valid10 = _errs65 === errors;
valid31 = _valid10;
}
if(!valid31){
const err43 = {instancePath,schemaPath:"#/allOf/10/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
const _errs68 = errors;
let valid34 = true;
const _errs69 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing11;
if((data.type === undefined) && (missing11 = "type")){
const err44 = {};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
else {
if(data.type !== undefined){
let data22 = data.type;
if(!(((data22 === "cloud_baremetal_additional_ip") || (data22 === "baremetal_additional_ip")) || (data22 === "cloud:index:BaremetalAdditionalIp"))){
const err45 = {};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
}
var _valid11 = _errs69 === errors;
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
if(_valid11){
const _errs71 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err46 = {instancePath,schemaPath:"#/allOf/11/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate54(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate54.errors : vErrors.concat(validate54.errors);
errors = vErrors.length;
}
}
}
var _valid11 = _errs71 === errors;
valid34 = _valid11;
}
if(!valid34){
const err47 = {instancePath,schemaPath:"#/allOf/11/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
const _errs74 = errors;
let valid37 = true;
const _errs75 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing12;
if((data.type === undefined) && (missing12 = "type")){
const err48 = {};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
if(data.type !== undefined){
let data24 = data.type;
if(!(((data24 === "cloud_baremetal_additional_ip_assignment") || (data24 === "baremetal_additional_ip_assignment")) || (data24 === "cloud:index:BaremetalAdditionalIpAssignment"))){
const err49 = {};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
}
var _valid12 = _errs75 === errors;
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
if(_valid12){
const _errs77 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err50 = {instancePath,schemaPath:"#/allOf/12/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate56(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate56.errors : vErrors.concat(validate56.errors);
errors = vErrors.length;
}
}
}
var _valid12 = _errs77 === errors;
valid37 = _valid12;
}
if(!valid37){
const err51 = {instancePath,schemaPath:"#/allOf/12/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
const _errs80 = errors;
let valid40 = true;
const _errs81 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing13;
if((data.type === undefined) && (missing13 = "type")){
const err52 = {};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
else {
if(data.type !== undefined){
let data26 = data.type;
if(!(((data26 === "cloud_baremetal_elastic_storage") || (data26 === "baremetal_elastic_storage")) || (data26 === "cloud:index:BaremetalElasticStorage"))){
const err53 = {};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
}
var _valid13 = _errs81 === errors;
errors = _errs80;
if(vErrors !== null){
if(_errs80){
vErrors.length = _errs80;
}
else {
vErrors = null;
}
}
if(_valid13){
const _errs83 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.properties === undefined){
const err54 = {instancePath,schemaPath:"#/allOf/13/then/required",keyword:"required",params:{missingProperty: "properties"},message:"must have required property '"+"properties"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data.properties !== undefined){
if(!(validate58(data.properties, {instancePath:instancePath+"/properties",parentData:data,parentDataProperty:"properties",rootData}))){
vErrors = vErrors === null ? validate58.errors : vErrors.concat(validate58.errors);
errors = vErrors.length;
}
}
}
var _valid13 = _errs83 === errors;
valid40 = _valid13;
}
if(!valid40){
const err55 = {instancePath,schemaPath:"#/allOf/13/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err56 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "properties")) || (key0 === "depends_on")) || (key0 === "dependsOn")) || (key0 === "lifecycle"))){
const err57 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.type !== undefined){
let data28 = data.type;
if(typeof data28 !== "string"){
const err58 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(!((((((((((((((((((((((((((((((((((((((((((data28 === "cloud_lite_keypair") || (data28 === "lite_keypair")) || (data28 === "cloud:index:LiteKeypair")) || (data28 === "cloud_lite_vm")) || (data28 === "lite_vm")) || (data28 === "cloud:index:LiteVm")) || (data28 === "cloud_lite_snapshot")) || (data28 === "lite_snapshot")) || (data28 === "cloud:index:LiteSnapshot")) || (data28 === "cloud_lite_vm_from_snapshot")) || (data28 === "lite_vm_from_snapshot")) || (data28 === "cloud:index:LiteVmFromSnapshot")) || (data28 === "cloud_lite_disk")) || (data28 === "lite_disk")) || (data28 === "cloud:index:LiteDisk")) || (data28 === "cloud_lite_pro_keypair")) || (data28 === "lite_pro_keypair")) || (data28 === "cloud:index:LiteProKeypair")) || (data28 === "cloud_lite_pro_vm")) || (data28 === "lite_pro_vm")) || (data28 === "cloud:index:LiteProVm")) || (data28 === "cloud_lite_pro_snapshot")) || (data28 === "lite_pro_snapshot")) || (data28 === "cloud:index:LiteProSnapshot")) || (data28 === "cloud_lite_pro_disk")) || (data28 === "lite_pro_disk")) || (data28 === "cloud:index:LiteProDisk")) || (data28 === "cloud_baremetal_keypair")) || (data28 === "baremetal_keypair")) || (data28 === "cloud:index:BaremetalKeypair")) || (data28 === "cloud_baremetal")) || (data28 === "baremetal")) || (data28 === "cloud:index:Baremetal")) || (data28 === "cloud_baremetal_additional_ip")) || (data28 === "baremetal_additional_ip")) || (data28 === "cloud:index:BaremetalAdditionalIp")) || (data28 === "cloud_baremetal_additional_ip_assignment")) || (data28 === "baremetal_additional_ip_assignment")) || (data28 === "cloud:index:BaremetalAdditionalIpAssignment")) || (data28 === "cloud_baremetal_elastic_storage")) || (data28 === "baremetal_elastic_storage")) || (data28 === "cloud:index:BaremetalElasticStorage"))){
const err59 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema54.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.properties !== undefined){
let data29 = data.properties;
if((!(data29 && typeof data29 == "object" && !Array.isArray(data29))) && (data29 !== null)){
const err60 = {instancePath:instancePath+"/properties",schemaPath:"#/properties/properties/type",keyword:"type",params:{type: schema54.properties.properties.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.depends_on !== undefined){
let data30 = data.depends_on;
if((!(Array.isArray(data30))) && (data30 !== null)){
const err61 = {instancePath:instancePath+"/depends_on",schemaPath:"#/definitions/depends_on/type",keyword:"type",params:{type: schema52.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(Array.isArray(data30)){
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(typeof data31 === "string"){
if(!pattern25.test(data31)){
const err62 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/definitions/depends_on/items/pattern",keyword:"pattern",params:{pattern: "^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"+"\\""};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/depends_on/" + i0,schemaPath:"#/definitions/depends_on/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
}
if(data.dependsOn !== undefined){
let data32 = data.dependsOn;
if((!(Array.isArray(data32))) && (data32 !== null)){
const err64 = {instancePath:instancePath+"/dependsOn",schemaPath:"#/definitions/depends_on/type",keyword:"type",params:{type: schema52.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(Array.isArray(data32)){
const len1 = data32.length;
for(let i1=0; i1<len1; i1++){
let data33 = data32[i1];
if(typeof data33 === "string"){
if(!pattern25.test(data33)){
const err65 = {instancePath:instancePath+"/dependsOn/" + i1,schemaPath:"#/definitions/depends_on/items/pattern",keyword:"pattern",params:{pattern: "^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^(data\\\\.)?[A-Za-z_][A-Za-z0-9_-]*$"+"\\""};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/dependsOn/" + i1,schemaPath:"#/definitions/depends_on/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
}
if(data.lifecycle !== undefined){
let data34 = data.lifecycle;
if((!(data34 && typeof data34 == "object" && !Array.isArray(data34))) && (data34 !== null)){
const err67 = {instancePath:instancePath+"/lifecycle",schemaPath:"#/definitions/lifecycle/type",keyword:"type",params:{type: schema255.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
for(const key1 in data34){
if(!((((key1 === "prevent_destroy") || (key1 === "preventDestroy")) || (key1 === "ignore_changes")) || (key1 === "ignoreChanges"))){
const err68 = {instancePath:instancePath+"/lifecycle",schemaPath:"#/definitions/lifecycle/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data34.prevent_destroy !== undefined){
if(typeof data34.prevent_destroy !== "boolean"){
const err69 = {instancePath:instancePath+"/lifecycle/prevent_destroy",schemaPath:"#/definitions/lifecycle/properties/prevent_destroy/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data34.preventDestroy !== undefined){
if(typeof data34.preventDestroy !== "boolean"){
const err70 = {instancePath:instancePath+"/lifecycle/preventDestroy",schemaPath:"#/definitions/lifecycle/properties/preventDestroy/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data34.ignore_changes !== undefined){
let data37 = data34.ignore_changes;
const _errs109 = errors;
let valid52 = false;
const _errs110 = errors;
if(typeof data37 !== "string"){
const err71 = {instancePath:instancePath+"/lifecycle/ignore_changes",schemaPath:"#/definitions/lifecycle/properties/ignore_changes/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(!(data37 === "all")){
const err72 = {instancePath:instancePath+"/lifecycle/ignore_changes",schemaPath:"#/definitions/lifecycle/properties/ignore_changes/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema255.properties.ignore_changes.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid14 = _errs110 === errors;
valid52 = valid52 || _valid14;
if(!valid52){
const _errs112 = errors;
if(Array.isArray(data37)){
const len2 = data37.length;
for(let i2=0; i2<len2; i2++){
if(typeof data37[i2] !== "string"){
const err73 = {instancePath:instancePath+"/lifecycle/ignore_changes/" + i2,schemaPath:"#/definitions/lifecycle/properties/ignore_changes/anyOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
else {
const err74 = {instancePath:instancePath+"/lifecycle/ignore_changes",schemaPath:"#/definitions/lifecycle/properties/ignore_changes/anyOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid14 = _errs112 === errors;
valid52 = valid52 || _valid14;
}
if(!valid52){
const err75 = {instancePath:instancePath+"/lifecycle/ignore_changes",schemaPath:"#/definitions/lifecycle/properties/ignore_changes/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
else {
errors = _errs109;
if(vErrors !== null){
if(_errs109){
vErrors.length = _errs109;
}
else {
vErrors = null;
}
}
}
}
if(data34.ignoreChanges !== undefined){
let data39 = data34.ignoreChanges;
const _errs117 = errors;
let valid55 = false;
const _errs118 = errors;
if(typeof data39 !== "string"){
const err76 = {instancePath:instancePath+"/lifecycle/ignoreChanges",schemaPath:"#/definitions/lifecycle/properties/ignoreChanges/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(!(data39 === "all")){
const err77 = {instancePath:instancePath+"/lifecycle/ignoreChanges",schemaPath:"#/definitions/lifecycle/properties/ignoreChanges/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema255.properties.ignoreChanges.anyOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid15 = _errs118 === errors;
valid55 = valid55 || _valid15;
if(!valid55){
const _errs120 = errors;
if(Array.isArray(data39)){
const len3 = data39.length;
for(let i3=0; i3<len3; i3++){
if(typeof data39[i3] !== "string"){
const err78 = {instancePath:instancePath+"/lifecycle/ignoreChanges/" + i3,schemaPath:"#/definitions/lifecycle/properties/ignoreChanges/anyOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
}
else {
const err79 = {instancePath:instancePath+"/lifecycle/ignoreChanges",schemaPath:"#/definitions/lifecycle/properties/ignoreChanges/anyOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
var _valid15 = _errs120 === errors;
valid55 = valid55 || _valid15;
}
if(!valid55){
const err80 = {instancePath:instancePath+"/lifecycle/ignoreChanges",schemaPath:"#/definitions/lifecycle/properties/ignoreChanges/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
else {
errors = _errs117;
if(vErrors !== null){
if(_errs117){
vErrors.length = _errs117;
}
else {
vErrors = null;
}
}
}
}
}
}
}
else {
const err81 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}


function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((key0 === "provider") || (key0 === "variables")) || (key0 === "data")) || (key0 === "resources")) || (key0 === "outputs")) || (key0 === "budget"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.provider !== undefined){
let data0 = data.provider;
if((!(data0 && typeof data0 == "object" && !Array.isArray(data0))) && (data0 !== null)){
const err1 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: schema11.properties.provider.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
for(const key1 in data0){
if(!((((key1 === "base_url") || (key1 === "baseUrl")) || (key1 === "poll_interval")) || (key1 === "pollInterval"))){
const err2 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data0.base_url !== undefined){
let data1 = data0.base_url;
if(typeof data1 === "string"){
if(!pattern0.test(data1)){
const err3 = {instancePath:instancePath+"/provider/base_url",schemaPath:"#/properties/provider/properties/base_url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \\""+"^https?://"+"\\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/provider/base_url",schemaPath:"#/properties/provider/properties/base_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data0.baseUrl !== undefined){
let data2 = data0.baseUrl;
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err5 = {instancePath:instancePath+"/provider/baseUrl",schemaPath:"#/properties/provider/properties/baseUrl/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \\""+"^https?://"+"\\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/provider/baseUrl",schemaPath:"#/properties/provider/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data0.poll_interval !== undefined){
let data3 = data0.poll_interval;
const _errs10 = errors;
let valid2 = false;
const _errs11 = errors;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 <= 0 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/provider/poll_interval",schemaPath:"#/properties/provider/properties/poll_interval/anyOf/0/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/provider/poll_interval",schemaPath:"#/properties/provider/properties/poll_interval/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs11 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const _errs13 = errors;
if(typeof data3 === "string"){
if(!pattern2.test(data3)){
const err9 = {instancePath:instancePath+"/provider/poll_interval",schemaPath:"#/properties/provider/properties/poll_interval/anyOf/1/pattern",keyword:"pattern",params:{pattern: "^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"},message:"must match pattern \\""+"^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"+"\\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/provider/poll_interval",schemaPath:"#/properties/provider/properties/poll_interval/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid2 = valid2 || _valid0;
}
if(!valid2){
const err11 = {instancePath:instancePath+"/provider/poll_interval",schemaPath:"#/properties/provider/properties/poll_interval/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
}
if(data0.pollInterval !== undefined){
let data4 = data0.pollInterval;
const _errs16 = errors;
let valid3 = false;
const _errs17 = errors;
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 <= 0 || isNaN(data4)){
const err12 = {instancePath:instancePath+"/provider/pollInterval",schemaPath:"#/properties/provider/properties/pollInterval/anyOf/0/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/provider/pollInterval",schemaPath:"#/properties/provider/properties/pollInterval/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid1 = _errs17 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const _errs19 = errors;
if(typeof data4 === "string"){
if(!pattern2.test(data4)){
const err14 = {instancePath:instancePath+"/provider/pollInterval",schemaPath:"#/properties/provider/properties/pollInterval/anyOf/1/pattern",keyword:"pattern",params:{pattern: "^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"},message:"must match pattern \\""+"^\\\\s*[0-9]+(\\\\.[0-9]+)?\\\\s*(ms|s|m|h)?\\\\s*$"+"\\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/provider/pollInterval",schemaPath:"#/properties/provider/properties/pollInterval/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid1 = _errs19 === errors;
valid3 = valid3 || _valid1;
}
if(!valid3){
const err16 = {instancePath:instancePath+"/provider/pollInterval",schemaPath:"#/properties/provider/properties/pollInterval/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
}
}
}
}
if(data.variables !== undefined){
let data5 = data.variables;
if((!(data5 && typeof data5 == "object" && !Array.isArray(data5))) && (data5 !== null)){
const err17 = {instancePath:instancePath+"/variables",schemaPath:"#/properties/variables/type",keyword:"type",params:{type: schema11.properties.variables.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key2 in data5){
const _errs23 = errors;
if(typeof key2 === "string"){
if(!pattern4.test(key2)){
const err18 = {instancePath:instancePath+"/variables",schemaPath:"#/properties/variables/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^[A-Za-z_][A-Za-z0-9_-]*$"+"\\"",propertyName:key2};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var valid4 = _errs23 === errors;
if(!valid4){
const err19 = {instancePath:instancePath+"/variables",schemaPath:"#/properties/variables/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
for(const key3 in data5){
let data6 = data5[key3];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key4 in data6){
if(!((((key4 === "env") || (key4 === "default")) || (key4 === "sensitive")) || (key4 === "description"))){
const err20 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/variable/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.env !== undefined){
let data7 = data6.env;
if(typeof data7 === "string"){
if(!pattern5.test(data7)){
const err21 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1")+"/env",schemaPath:"#/definitions/variable/properties/env/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \\""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1")+"/env",schemaPath:"#/definitions/variable/properties/env/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.sensitive !== undefined){
if(typeof data6.sensitive !== "boolean"){
const err23 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1")+"/sensitive",schemaPath:"#/definitions/variable/properties/sensitive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.description !== undefined){
if(typeof data6.description !== "string"){
const err24 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1")+"/description",schemaPath:"#/definitions/variable/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/variables/" + key3.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/variable/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
}
if(data.data !== undefined){
let data10 = data.data;
if((!(data10 && typeof data10 == "object" && !Array.isArray(data10))) && (data10 !== null)){
const err26 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: schema11.properties.data.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key5 in data10){
const _errs37 = errors;
if(typeof key5 === "string"){
if(!pattern4.test(key5)){
const err27 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^[A-Za-z_][A-Za-z0-9_-]*$"+"\\"",propertyName:key5};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
var valid8 = _errs37 === errors;
if(!valid8){
const err28 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
for(const key6 in data10){
if(!(validate11(data10[key6], {instancePath:instancePath+"/data/" + key6.replace(/~/g, "~0").replace(/\\//g, "~1"),parentData:data10,parentDataProperty:key6,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
}
if(data.resources !== undefined){
let data12 = data.resources;
if((!(data12 && typeof data12 == "object" && !Array.isArray(data12))) && (data12 !== null)){
const err29 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: schema11.properties.resources.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key7 in data12){
const _errs42 = errors;
const _errs43 = errors;
const _errs44 = errors;
if(!((key7 === "data") || (key7 === "var"))){
const err30 = {};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid11 = _errs44 === errors;
if(valid11){
const err31 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/propertyNames/not",keyword:"not",params:{},message:"must NOT be valid",propertyName:key7};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs43;
if(vErrors !== null){
if(_errs43){
vErrors.length = _errs43;
}
else {
vErrors = null;
}
}
}
if(typeof key7 === "string"){
if(!pattern4.test(key7)){
const err32 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^[A-Za-z_][A-Za-z0-9_-]*$"+"\\"",propertyName:key7};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
var valid10 = _errs42 === errors;
if(!valid10){
const err33 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/propertyNames",keyword:"propertyNames",params:{propertyName: key7},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
for(const key8 in data12){
if(!(validate31(data12[key8], {instancePath:instancePath+"/resources/" + key8.replace(/~/g, "~0").replace(/\\//g, "~1"),parentData:data12,parentDataProperty:key8,rootData}))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
}
}
}
if(data.outputs !== undefined){
let data14 = data.outputs;
if((!(data14 && typeof data14 == "object" && !Array.isArray(data14))) && (data14 !== null)){
const err34 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: schema11.properties.outputs.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key9 in data14){
const _errs49 = errors;
if(typeof key9 === "string"){
if(!pattern4.test(key9)){
const err35 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_-]*$"},message:"must match pattern \\""+"^[A-Za-z_][A-Za-z0-9_-]*$"+"\\"",propertyName:key9};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
var valid13 = _errs49 === errors;
if(!valid13){
const err36 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/propertyNames",keyword:"propertyNames",params:{propertyName: key9},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
for(const key10 in data14){
let data15 = data14[key10];
const _errs53 = errors;
const _errs54 = errors;
if(data15 !== null){
const err37 = {};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var valid16 = _errs54 === errors;
if(valid16){
const err38 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/output/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
const _errs56 = errors;
let valid17 = true;
const _errs57 = errors;
if(errors === _errs57){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
let missing0;
if((data15.value === undefined) && (missing0 = "value")){
const err39 = {};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
var _valid2 = _errs57 === errors;
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs59 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key11 in data15){
if(!(((key11 === "value") || (key11 === "sensitive")) || (key11 === "description"))){
const err41 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/output/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data15.sensitive !== undefined){
if(typeof data15.sensitive !== "boolean"){
const err42 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1")+"/sensitive",schemaPath:"#/definitions/output/then/properties/sensitive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data15.description !== undefined){
if(typeof data15.description !== "string"){
const err43 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1")+"/description",schemaPath:"#/definitions/output/then/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/output/then/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid2 = _errs59 === errors;
valid17 = _valid2;
}
if(!valid17){
const err45 = {instancePath:instancePath+"/outputs/" + key10.replace(/~/g, "~0").replace(/\\//g, "~1"),schemaPath:"#/definitions/output/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \\"then\\" schema"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
}
if(data.budget !== undefined){
let data18 = data.budget;
if((!(data18 && typeof data18 == "object" && !Array.isArray(data18))) && (data18 !== null)){
const err46 = {instancePath:instancePath+"/budget",schemaPath:"#/properties/budget/type",keyword:"type",params:{type: schema11.properties.budget.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
for(const key12 in data18){
if(!((((key12 === "monthly_limit") || (key12 === "monthlyLimit")) || (key12 === "max_orders_per_apply")) || (key12 === "maxOrdersPerApply"))){
const err47 = {instancePath:instancePath+"/budget",schemaPath:"#/properties/budget/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data18.monthly_limit !== undefined){
let data19 = data18.monthly_limit;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err48 = {instancePath:instancePath+"/budget/monthly_limit",schemaPath:"#/properties/budget/properties/monthly_limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 1 || isNaN(data19)){
const err49 = {instancePath:instancePath+"/budget/monthly_limit",schemaPath:"#/properties/budget/properties/monthly_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
if(data18.monthlyLimit !== undefined){
let data20 = data18.monthlyLimit;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err50 = {instancePath:instancePath+"/budget/monthlyLimit",schemaPath:"#/properties/budget/properties/monthlyLimit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 1 || isNaN(data20)){
const err51 = {instancePath:instancePath+"/budget/monthlyLimit",schemaPath:"#/properties/budget/properties/monthlyLimit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data18.max_orders_per_apply !== undefined){
let data21 = data18.max_orders_per_apply;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err52 = {instancePath:instancePath+"/budget/max_orders_per_apply",schemaPath:"#/properties/budget/properties/max_orders_per_apply/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err53 = {instancePath:instancePath+"/budget/max_orders_per_apply",schemaPath:"#/properties/budget/properties/max_orders_per_apply/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
if(data18.maxOrdersPerApply !== undefined){
let data22 = data18.maxOrdersPerApply;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err54 = {instancePath:instancePath+"/budget/maxOrdersPerApply",schemaPath:"#/properties/budget/properties/maxOrdersPerApply/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err55 = {instancePath:instancePath+"/budget/maxOrdersPerApply",schemaPath:"#/properties/budget/properties/maxOrdersPerApply/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}`;
