import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('compile is not built yet')
}
