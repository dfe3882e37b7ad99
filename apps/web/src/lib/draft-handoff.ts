// A draft handed from one screen to another: the assistant's letter copied into a claim packet's cover
// letter. It waits in the tab's session storage under the claim file's id until the packet form takes
// it (once), so reloading the packet form later starts from the template again.

const key = (projectId: string) => `ridgeline:cover-letter-draft:${projectId}`;

export function handOffCoverLetter(projectId: string, text: string): void {
  try {
    sessionStorage.setItem(key(projectId), text);
  } catch {
    // Storage refused (private mode, quota): the copy is not kept.
  }
}

/** The draft waiting for this claim file's cover letter, taken (removed) as it is read; null when none. */
export function takeCoverLetter(projectId: string): string | null {
  try {
    const text = sessionStorage.getItem(key(projectId));
    if (text !== null) sessionStorage.removeItem(key(projectId));
    return text;
  } catch {
    return null;
  }
}

/** Whether a draft waits for this claim file's cover letter (without taking it). */
export function hasCoverLetterDraft(projectId: string): boolean {
  try {
    return sessionStorage.getItem(key(projectId)) !== null;
  } catch {
    return false;
  }
}
