import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('llm-server is not built yet')
}
