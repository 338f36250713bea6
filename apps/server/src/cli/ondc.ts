import { loadConfig } from './database.ts';
import { runOndcCommand } from './ondc-command.ts';

// npm run ondc -- keys [--rotate] | show: the seller app's ONDC key pairs in DATA_DIR (ADR-0062)
const config = loadConfig();
const code = runOndcCommand(config.dataDir, process.argv.slice(2), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
