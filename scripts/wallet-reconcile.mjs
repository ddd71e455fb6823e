// `npm run wallet:reconcile`: checks every wallet of every tenant (balance = sum of successful
// transactions, the balance_before/balance_after chain, no negatives) and prints each drift, or
// exactly "0 drift". Exits 1 when drift is found, so a cron job or CI can alert on it.
// Reads the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR;
// stop a running server first when it uses the embedded one: PGlite is single-process).
const { register } = await import('tsx/esm/api');
register();

const { loadConfig } = await import('../apps/server/src/config.ts');
const { databaseOptionsFor, openDatabase } = await import('../apps/server/src/db/client.ts');
const { migrateDatabase } = await import('../apps/server/src/db/migrate.ts');
const { formatReconciliation, reconcile } = await import('../apps/server/src/modules/wallet/index.ts');

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config.dataDir, config.databaseUrl));
try {
  await migrateDatabase(database);
  const report = await reconcile(database.db, null);
  console.error(`checked ${report.wallets} wallets, ${report.transactions} transactions on ${database.kind}`);
  for (const line of formatReconciliation(report)) console.log(line);
  process.exitCode = report.drifts.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
