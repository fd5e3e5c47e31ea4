import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('watch is not built yet')
}
