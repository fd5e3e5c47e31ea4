#!/usr/bin/env node
// The acp-scenario command line: parses arguments and hands each command to its module.
import { readFileSync } from 'node:fs'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { WIRE_NAMES } from '../dsl/names.js'
import { EXIT, UsageError } from './errors.js'

type Handler = (filters: string[], options: Record<string, unknown>) => Promise<number>
/** Command modules load lazily so `--help` and light commands stay fast. */
const handler =
  (load: () => Promise<{ default: Handler }>) =>
  async (...args: unknown[]): Promise<void> => {
    const command = args[args.length - 1] as Command
    const filters = (Array.isArray(args[0]) ? args[0] : []) as string[]
    const { default: run } = await load()
    process.exitCode = await run(filters, command.opts())
  }

// A reader that stops early (`acp-scenario list | head`) closes the pipe: stop quietly with the status
// SIGPIPE would give, as Unix filters do, instead of a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(128 + 13)
})

const positiveInt = (value: string): number => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1')
  return n
}
const port = (value: string): number => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port from 0 to 65535')
  return n
}
const shard = (value: string): { index: number; total: number } => {
  const m = /^(\d+)\/(\d+)$/.exec(value)
  const index = Number(m?.[1])
  const total = Number(m?.[2])
  if (!m || total < 1 || index < 1 || index > total) throw new InvalidArgumentError('expected <i>/<n> with 1 <= i <= n')
  return { index, total }
}

const program = new Command('acp-scenario')
  .description('Snapshot tests for ACP agents: real agent process, recorded model stream, normalised fixtures.')
  .option('-C, --cwd <dir>', 'project root (where acp-scenario.config.json5, scenarios/ and generated/ live)')
  .version((JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version)
  .exitOverride()
  .showHelpAfterError()

program.hook('preAction', (cmd) => {
  const dir = cmd.opts().cwd as string | undefined
  if (dir) process.chdir(dir)
})

program
  .command('compile')
  .description('compile scenarios/**/*.scenario.ts to generated/<name>/input.json')
  .argument('[filter...]', 'scenario names or tags to compile')
  .option('--check', 'write nothing; exit 1 when a generated input.json is stale, missing or orphaned')
  .action(handler(() => import('./commands/compile.js')))

program
  .command('import')
  .description('write scenario .ts files from existing input.json files (DeepSeek Harness migration)')
  .argument('<path...>', 'input.json files or directories holding them')
  .option('--out <dir>', "where to write the scenario files (default: the config's scenarios folder)")
  .option('--force', 'overwrite existing scenario files')
  .action(handler(() => import('./commands/import.js')))

program
  .command('run')
  .description('replay scenarios against the agent and compare with the committed fixtures (keyless, offline)')
  .argument('[filter...]', 'scenario names or tags')
  .option('--agent <name>', 'run against this configured agent instead of each scenario’s own')
  .option('-u, --update', 'rewrite stdout and agent-log expectations from the replay (never llm.jsonl)')
  .option('--workers <n>', 'scenarios run at once (default: number of cores)', positiveInt)
  .option('--shard <i/n>', 'run only shard i of n (deterministic split by name)', shard)
  .addOption(new Option('--reporter <name>', 'output format').choices(['pretty', 'json']).default('pretty'))
  .option('--timeout <ms>', 'whole-scenario timeout in milliseconds', positiveInt)
  .action(handler(() => import('./commands/run.js')))

program
  .command('record')
  .description('record model traffic (real upstream, or the scenario’s scripted calls) and rewrite every fixture')
  .argument('[filter...]', 'scenario names or tags')
  .option('--agent <name>', 'record against this configured agent')
  .option('--keep-faults', 'keep upstream calls that fail (HTTP error, broken connection) in llm.jsonl as faults instead of failing')
  .option('--workers <n>', 'scenarios recorded at once', positiveInt)
  .addOption(new Option('--reporter <name>', 'output format').choices(['pretty', 'json']).default('pretty'))
  .option('--timeout <ms>', 'whole-scenario timeout in milliseconds', positiveInt)
  .action(handler(() => import('./commands/record.js')))

program
  .command('refresh')
  .description('replay the committed llm.jsonl and rewrite the expectations (keyless)')
  .argument('[filter...]', 'scenario names or tags')
  .option('--workers <n>', 'scenarios refreshed at once', positiveInt)
  .addOption(new Option('--reporter <name>', 'output format').choices(['pretty', 'json']).default('pretty'))
  .option('--timeout <ms>', 'whole-scenario timeout in milliseconds', positiveInt)
  .action(handler(() => import('./commands/refresh.js')))

program
  .command('watch')
  .description('recompile and rerun scenarios as scenario files, fixtures or agent sources change')
  .argument('[filter...]', 'scenario names or tags')
  .addHelpText('after', '\nKeys: a rerun all, f rerun failed, u update the expectations of the failed scenarios, q or Ctrl-C quit.\nReplays only: watch never writes llm.jsonl.')
  .action(handler(() => import('./commands/watch.js')))

program
  .command('check')
  .description('codegen is current and every fixture directory is complete and consistent (what CI runs)')
  .action(handler(() => import('./commands/check.js')))

program
  .command('list')
  .description('list scenarios with their agent and tags')
  .argument('[filter...]', 'scenario names or tags')
  .action(handler(() => import('./commands/list.js')))

program
  .command('llm-server')
  .description('serve a scripted or recorded model stream on 127.0.0.1 until SIGINT/SIGTERM')
  .addOption(
    new Option('--wire <wire>', 'wire format').choices(WIRE_NAMES).makeOptionMandatory(),
  )
  .option('--script <behaviours>', 'comma-separated behaviour names, served in order')
  .option('--script-file <file>', 'a json5 file holding an array of scripted entries')
  .option('--cassette <file>', 'an llm.jsonl cassette to replay')
  .option('--port <n>', 'port to bind on 127.0.0.1 (default: any free port)', port)
  .action(handler(() => import('./commands/llm-server.js')))

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage
  } else if (error instanceof UsageError) {
    process.stderr.write(`acp-scenario: ${error.message}\n`)
    process.exitCode = EXIT.usage
  } else {
    process.stderr.write(`acp-scenario: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = EXIT.usage
  }
}
// A command is over once its action settles: exit even if something is still pending (a scenario file's
// top-level timer, a socket a failure left open); the exit hook kills any agent group still alive.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()))
process.exit()
