import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { Question } from "../../contract";

export async function listQuestions(db: Kysely<Database>, { categoryId }: { categoryId: number }): Promise<Question[]> {
  return db
    .selectFrom("questions")
    .select([
      "id",
      "question",
      "type",
      "option_1",
      "option_2",
      "option_3",
      "option_4",
      "option_5",
      "option_6",
      "content_heading",
      "content_description",
    ])
    .where("category_id", "=", categoryId)
    .orderBy("position")
    .execute();
}
