import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('check is not built yet')
}
