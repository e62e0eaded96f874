/**
 * Every operation's request example as the spec gives it: the console's own reader
 * (console/src/core/schema.ts, behind "Fill with example"), so the example tests send what the
 * console fills in.
 */
import { operationList } from '../../src/console-data.ts';
import { exampleRequest, type ExampleRequest } from '../../console/src/core/schema.ts';

export { exampleRequest, type ExampleRequest };

export const exampleRequests = (): ExampleRequest[] => operationList.map((d) => exampleRequest(d));
