import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  type ConfigPatch,
  type ReferenceService,
  startReferenceService,
} from '../../reference-service/server';
import { FirefoxUnderTest, type LaunchOptions } from './firefox';

/** What a spec's tests drive: the file's reference service, and the test's own Firefox. */
export class TestBed {
  #service: ReferenceService | undefined;
  #firefox: FirefoxUnderTest | undefined;

  get service(): ReferenceService {
    if (!this.#service) throw new Error('the reference service has not started');
    return this.#service;
  }

  get firefox(): FirefoxUnderTest {
    if (!this.#firefox) throw new Error('no Firefox outside a test');
    return this.#firefox;
  }

  /**
   * One reference service for the spec file and a fresh Firefox (new profile) for each test, closed after it;
   * before each test the service is reset to `config`.
   */
  static forEachTest(launch: LaunchOptions = {}, config?: ConfigPatch): TestBed {
    const bed = new TestBed();
    beforeAll(async () => {
      bed.#service = await startReferenceService({ port: 0 });
    });
    afterAll(() => bed.#service?.close());
    beforeEach(async () => {
      bed.service.reset(config);
      bed.#firefox = await FirefoxUnderTest.launch(launch);
    });
    afterEach(async () => {
      await bed.#firefox?.close();
      bed.#firefox = undefined;
    });
    return bed;
  }
}
