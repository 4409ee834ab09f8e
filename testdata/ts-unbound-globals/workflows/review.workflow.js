// A workflow runtime hands its scripts a global log: this file neither
// declares nor imports it, so its calls are none of src/monitoring's log.
export const meta = { name: 'review' };

export default async function run() {
  log('Inventory captured');
  log(`Found ${meta.name}`);
}
