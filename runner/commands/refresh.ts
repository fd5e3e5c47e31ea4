import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('refresh is not built yet')
}
